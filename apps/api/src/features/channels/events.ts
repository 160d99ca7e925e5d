import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

/** A sync found nights an imported calendar takes while bookings here hold them: the owner is told (mails.ts). */
export const ChannelConflictMail = outboxEvent('mail.channel-conflict', z.object({ conflictIds: z.array(z.uuid()).min(1) }));

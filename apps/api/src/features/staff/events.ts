import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

/** The staff invitation mail (it holds the link): written whole into its entry, emptied once sent. */
export const StaffInviteMail = outboxEvent(
  'mail.staff-invite',
  z.object({ to: z.string().min(1), subject: z.string().min(1), text: z.string(), html: z.string().optional() }),
);

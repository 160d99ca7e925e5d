import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

const GrievanceId = z.object({ grievanceId: z.uuid() });

/** A complaint raised (grievances.service): the guest's receipt with the ticket number (mails.ts). */
export const GrievanceRaisedMail = outboxEvent('mail.grievance-raised', GrievanceId);
/** A complaint raised: the stay's owner hears of it (mails.ts). */
export const GrievanceOwnerMail = outboxEvent('mail.grievance-owner', GrievanceId);
/** An answer to a complaint (grievances.service): the guest gets it by mail (mails.ts). */
export const GrievanceAnsweredMail = outboxEvent('mail.grievance-answered', z.object({ messageId: z.uuid() }));
/** A complaint closed (grievances.service): the guest is told (mails.ts). */
export const GrievanceClosedMail = outboxEvent('mail.grievance-closed', GrievanceId);

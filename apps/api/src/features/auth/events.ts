import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

/** A mail written whole into its entry (it holds a link): emptied once sent. */
const WholeMail = z.object({ to: z.string().min(1), subject: z.string().min(1), text: z.string(), html: z.string().optional() });

/** The email-confirmation mail of a new or changed address (auth.service addConfirmation; sent by auth.plugin.ts). */
export const EmailConfirmMail = outboxEvent('mail.email-confirm', WholeMail);
/** The password-reset mail (auth.service forgotPassword; sent by auth.plugin.ts). */
export const PasswordResetMail = outboxEvent('mail.password-reset', WholeMail);

import type { Audience } from '@repo/shared/constants/domain';
import { LIMITS } from '@repo/shared/constants/domain';
import type { Mail, Mailer } from '#src/platform/mail.ts';

/** The outbox handler of the mails written whole into their entry (password reset, email confirmation): sends it. */
export async function sendWholeMail(mailer: Pick<Mailer, 'send'>, mail: Mail, messageId?: string) {
  await mailer.send({ ...mail, messageId });
}

/** The page the mailed link opens: the guest or the admin verify route of the web app. */
export function resetLink(publicUrl: string, audience: Audience, userId: string, token: string): string {
  const area = audience === 'admin' ? '/admin' : '';
  return `${publicUrl}${area}/forgotpassword/${userId}/verify/${token}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The password-reset mail, as text and as simple HTML with the same link. */
export function resetMail(to: string, firstName: string, link: string): Mail {
  const minutes = LIMITS.resetTokenMinutes;
  const text = [
    `Hello ${firstName},`,
    '',
    `We received a request to reset the password of your StayBook account. Open this link within ${minutes} minutes to choose a new password:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for a new password, ignore this mail: your password stays the same.',
    '',
    'StayBook',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>We received a request to reset the password of your StayBook account. Open this link within ${minutes} minutes to choose a new password:</p>`,
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
    `<p>Or copy this address into your browser: ${escapeHtml(link)}</p>`,
    '<p>The link works once. If you did not ask for a new password, ignore this mail: your password stays the same.</p>',
    '<p>StayBook</p>',
  ].join('\n');
  return { to, subject: 'Reset your StayBook password', text, html };
}

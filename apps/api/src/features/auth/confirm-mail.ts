import { LIMITS } from '@repo/shared/constants/domain';
import type { Mail } from '#src/platform/mail.ts';

/** The page the mailed link opens: the guest area's confirm route of the web app. */
export function confirmLink(publicUrl: string, userId: string, token: string): string {
  return `${publicUrl}/confirm-email/${userId}/${token}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The email-confirmation mail, as text and as simple HTML with the same link. */
export function confirmMail(to: string, firstName: string, link: string): Mail {
  const hours = LIMITS.confirmTokenHours;
  const intro = `Please confirm that this is your email address: open this link within ${hours} hours. You can book stays once it is confirmed.`;
  const outro = 'The link works once. If you did not create a StayBook account, ignore this mail.';
  const text = [`Hello ${firstName},`, '', intro, '', link, '', outro, '', 'StayBook'].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">Confirm your email address</a></p>`,
    `<p>Or copy this address into your browser: ${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(outro)}</p>`,
    '<p>StayBook</p>',
  ].join('\n');
  return { to, subject: 'Confirm your StayBook email address', text, html };
}

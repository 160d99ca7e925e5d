import { STAFF_INVITE_HOURS, STAFF_ROLE_NAMES, type StaffRole } from '@repo/shared/domain/staff';
import type { Mail } from '#src/platform/mail.ts';

/** The page the mailed link opens: the admin area's invitation page of the web app. */
export function inviteLink(publicUrl: string, inviteId: string, token: string): string {
  return `${publicUrl}/admin/staff-invite/${inviteId}/${token}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The invitation: who invites, the role and stays, and the link (single use, STAFF_INVITE_HOURS hours). */
export function inviteMail(to: string, ownerName: string, role: StaffRole, stays: readonly string[], link: string): Mail {
  const intro = `${ownerName} invites you to work on StayBook as ${STAFF_ROLE_NAMES[role].toLowerCase()} at ${stays.join(', ')}.`;
  const how = `Open this link within ${STAFF_INVITE_HOURS} hours to accept: set a password, or use the password of your StayBook account if you have one with this address.`;
  const outro = 'The link works once. If you do not know why you got this mail, ignore it.';
  const text = ['Hello,', '', intro, how, '', link, '', outro, '', 'StayBook'].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(how)}</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>Or copy this address into your browser: ${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(outro)}</p>`,
    '<p>StayBook</p>',
  ].join('\n');
  return { to, subject: `${ownerName} invites you to StayBook`, text, html };
}

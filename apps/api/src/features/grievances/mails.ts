import { formatDate } from '@repo/shared/domain/dates';
import { formatDateTime, ticketNumber } from '@repo/shared/domain/grievances';
import { GRIEVANCE_CATEGORY_LABELS } from '@repo/shared/schemas/grievance';
import type { Deps } from '#src/platform/deps.ts';
import { outboxMessageId } from '#src/platform/mail.ts';
import type { OutboxEntry } from '#src/platform/outbox.ts';
import { GrievanceAnsweredMail, GrievanceClosedMail, GrievanceOwnerMail, GrievanceRaisedMail } from './events.ts';
import * as repo from './grievances.repository.ts';

type MailDeps = Pick<Deps, 'db' | 'mail' | 'config'>;

const officerLines = (deps: MailDeps) => {
  const o = deps.config.grievanceOfficer;
  return [`Grievance officer: ${o.name} (${o.designation}), ${o.email}, ${o.phone}`];
};
const complaintsLink = (deps: MailDeps) => `Your complaints: ${deps.config.publicUrl}/complaints`;

/** The guest's receipt of a complaint: the ticket number and when it will be acknowledged and resolved. */
export async function mailGrievanceRaised(deps: MailDeps, grievanceId: string) {
  const found = await repo.partiesOf(deps.db, grievanceId);
  if (!found) return;
  const g = found.grievance;
  const booking = await repo.hotelNameOf(deps.db, g.bookingId);
  const ticket = ticketNumber(g.serial);
  await deps.mail.send({
    to: found.guestEmail,
    subject: `Complaint received: ticket ${ticket}`,
    text: [
      `Dear ${found.guestFirstName},`,
      '',
      `We have received your complaint about your booking at ${booking?.hotelName ?? ''}. Your ticket number is ${ticket}.`,
      '',
      `About: ${GRIEVANCE_CATEGORY_LABELS[g.category]}`,
      ...(booking?.orderId ? [`Order id: ${booking.orderId}`] : []),
      `Raised: ${formatDateTime(g.createdAt)}`,
      '',
      g.description,
      '',
      `It will be acknowledged by ${formatDateTime(g.acknowledgeBy)} and resolved by ${formatDate(g.resolveBy)}.`,
      'We will write to you with every answer. Quote the ticket number if you contact us.',
      ...officerLines(deps),
      '',
      complaintsLink(deps),
    ].join('\n'),
  });
}

/** The stay's owner hears of a new complaint about their stay, with the time it must be acknowledged by. */
export async function mailGrievanceToOwner(deps: MailDeps, grievanceId: string) {
  const found = await repo.partiesOf(deps.db, grievanceId);
  if (!found) return;
  const owner = await repo.userEmail(deps.db, found.ownerId);
  if (!owner) return;
  const g = found.grievance;
  const booking = await repo.hotelNameOf(deps.db, g.bookingId);
  const ticket = ticketNumber(g.serial);
  await deps.mail.send({
    to: owner.email,
    subject: `New complaint ${ticket}: ${booking?.hotelName ?? ''}`,
    text: [
      `Dear ${owner.firstName},`,
      '',
      `A guest has raised a complaint (ticket ${ticket}) about a booking at ${booking?.hotelName ?? ''}.`,
      `About: ${GRIEVANCE_CATEGORY_LABELS[g.category]}`,
      '',
      g.description,
      '',
      `Please answer it by ${formatDateTime(g.acknowledgeBy)} (48 hours) and resolve it by ${formatDate(g.resolveBy)}.`,
      '',
      `Complaints: ${deps.config.publicUrl}/admin/complaints/${g.id}`,
    ].join('\n'),
  });
}

/** The guest is mailed each answer to their complaint. */
export async function mailGrievanceAnswer(deps: MailDeps, messageId: string) {
  const message = await repo.findMessage(deps.db, messageId);
  if (!message) return;
  const found = await repo.partiesOf(deps.db, message.grievanceId);
  if (!found) return;
  const ticket = ticketNumber(found.grievance.serial);
  await deps.mail.send({
    to: found.guestEmail,
    subject: `Answer to your complaint ${ticket}`,
    text: [
      `Dear ${found.guestFirstName},`,
      '',
      `${message.author === 'owner' ? 'The stay' : 'StayBook'} has answered your complaint ${ticket}:`,
      '',
      message.body,
      '',
      'You can reply from your complaints page.',
      ...officerLines(deps),
      '',
      complaintsLink(deps),
    ].join('\n'),
  });
}

/** The guest is told their complaint is closed. */
export async function mailGrievanceClosed(deps: MailDeps, grievanceId: string) {
  const found = await repo.partiesOf(deps.db, grievanceId);
  if (!found?.grievance.closedAt) return;
  const ticket = ticketNumber(found.grievance.serial);
  await deps.mail.send({
    to: found.guestEmail,
    subject: `Complaint ${ticket} closed`,
    text: [
      `Dear ${found.guestFirstName},`,
      '',
      `Your complaint ${ticket} was closed on ${formatDateTime(found.grievance.closedAt)}.`,
      'If it is not resolved to your satisfaction, write to our grievance officer quoting the ticket number.',
      ...officerLines(deps),
      '',
      complaintsLink(deps),
    ].join('\n'),
  });
}

/** Registers the grievance mails with the outbox (called once at start, routes/index.ts). */
/** The grievance mails, each an outbox handler; each mail carries its entry's Message-ID (the same on every attempt). */
export function handleGrievanceMails(deps: Deps) {
  const via = (entry: OutboxEntry): MailDeps => ({
    ...deps,
    mail: { ...deps.mail, send: (m) => deps.mail.send({ ...m, messageId: outboxMessageId(deps.config.publicUrl, entry) }) },
  });
  deps.outbox.handle(GrievanceRaisedMail, (p, e) => mailGrievanceRaised(via(e), p.grievanceId));
  deps.outbox.handle(GrievanceOwnerMail, (p, e) => mailGrievanceToOwner(via(e), p.grievanceId));
  deps.outbox.handle(GrievanceAnsweredMail, (p, e) => mailGrievanceAnswer(via(e), p.messageId));
  deps.outbox.handle(GrievanceClosedMail, (p, e) => mailGrievanceClosed(via(e), p.grievanceId));
}

import { acknowledgeBy, resolveBy } from '@repo/shared/domain/grievances';
import {
  CreateGrievanceInput,
  type GrievanceAuthor,
  type GrievanceDto,
  GrievanceMessageInput,
} from '@repo/shared/schemas/grievance';
import { ticketNumber } from '@repo/shared/domain/grievances';
import { inTransaction } from '#src/db/client.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import * as repo from './grievances.repository.ts';
import { GrievanceAnsweredMail, GrievanceClosedMail, GrievanceOwnerMail, GrievanceRaisedMail } from './events.ts';
import { GRIEVANCE_API_MSG } from './messages.ts';

/** What the grievances feature uses. */
export type GrievancesDeps = Pick<Deps, 'db' | 'clock' | 'outbox' | 'mail' | 'config'>;

/** Who looks at tickets from the admin area: a stay owner sees their stays' tickets; the platform sees every one. */
export type Staff = { id: string; isPlatform: boolean };

const staffScope = (staff: Staff): repo.Scope => (staff.isPlatform ? { all: true } : { ownerId: staff.id });

/**
 * A message's author as the viewer sees them: staff see the person who wrote it; the guest sees the stay's name for
 * its owner's answers (the stay answers, as on travel sites, and the owner's own name is not the guest's business).
 */
function authorNameOf(m: repo.ThreadRow, row: repo.GrievanceListRow, guestView: boolean): string {
  if (guestView && m.message.author === 'owner') return row.hotelName;
  return `${m.firstName} ${m.lastName}`.trim();
}

function toDto(row: repo.GrievanceListRow, messages: readonly repo.ThreadRow[], guestView: boolean): GrievanceDto {
  const g = row.grievance;
  return {
    id: g.id,
    ticket: ticketNumber(g.serial),
    bookingId: g.bookingId,
    stayId: g.stayId,
    hotelName: row.hotelName,
    guestName: `${row.guestFirstName} ${row.guestLastName}`.trim(),
    orderId: row.orderId,
    from: row.from,
    to: row.to,
    category: g.category,
    description: g.description,
    status: g.status,
    createdAt: g.createdAt.toISOString(),
    acknowledgeBy: g.acknowledgeBy.toISOString(),
    acknowledgedAt: g.acknowledgedAt?.toISOString() ?? null,
    resolveBy: g.resolveBy.toISOString(),
    closedAt: g.closedAt?.toISOString() ?? null,
    closedBy: g.closedBy ?? null,
    messages: messages
      .filter((m) => m.message.grievanceId === g.id)
      .map((m) => ({
        id: m.message.id,
        author: m.message.author,
        authorName: authorNameOf(m, row, guestView),
        body: m.message.body,
        createdAt: m.message.createdAt.toISOString(),
      })),
  };
}

async function list(deps: GrievancesDeps, scope: repo.Scope, id?: string): Promise<GrievanceDto[]> {
  const rows = await repo.listGrievances(deps.db, scope, id);
  const messages = await repo.messagesOf(
    deps.db,
    rows.map((r) => r.grievance.id),
  );
  return rows.map((r) => toDto(r, messages, 'userId' in scope));
}

async function one(deps: GrievancesDeps, scope: repo.Scope, id: string): Promise<GrievanceDto> {
  const [g] = await list(deps, scope, id);
  if (!g) throw notFound(GRIEVANCE_API_MSG.notFound);
  return g;
}

/**
 * A guest raises a complaint about one of their own bookings: a ticket numbered at once, its clocks set from now
 * (acknowledge within 48 hours, resolve within one month), and mails after commit to the guest (the ticket number)
 * and the stay's owner. Another guest's booking is "not found".
 */
export async function raiseGrievance(deps: GrievancesDeps, userId: string, input: CreateGrievanceInput) {
  const { bookingId, category, description } = CreateGrievanceInput.parse(input);
  const now = deps.clock.now();
  const id = await withOutbox(deps, async (tx, emit) => {
    const booking = await repo.bookingOfUser(tx, userId, bookingId);
    if (!booking) throw notFound(GRIEVANCE_API_MSG.bookingNotFound);
    const g = await repo.insertGrievance(tx, {
      bookingId: booking.id,
      stayId: booking.stayId,
      userId,
      category,
      description,
      createdAt: now,
      acknowledgeBy: acknowledgeBy(now),
      resolveBy: resolveBy(now),
    });
    await emit(GrievanceRaisedMail, { grievanceId: g.id });
    await emit(GrievanceOwnerMail, { grievanceId: g.id });
    return g.id;
  });
  return one(deps, { userId }, id);
}

export const myGrievances = (deps: GrievancesDeps, userId: string) => list(deps, { userId });
export const myGrievance = (deps: GrievancesDeps, userId: string, id: string) => one(deps, { userId }, id);

/** The guest adds to their own open ticket's thread (another guest's ticket is "not found"; a closed one, 409). */
export async function guestMessage(deps: GrievancesDeps, userId: string, id: string, input: GrievanceMessageInput) {
  const { body } = GrievanceMessageInput.parse(input);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const found = await repo.lockGrievance(tx, id, { userId });
    if (!found) throw notFound(GRIEVANCE_API_MSG.notFound);
    if (found.grievance.status === 'closed') throw conflict(GRIEVANCE_API_MSG.closed, 'GRIEVANCE_CLOSED');
    await repo.insertMessage(tx, { grievanceId: id, authorId: userId, author: 'guest', body, createdAt: now });
  });
  return one(deps, { userId }, id);
}

export const staffGrievances = (deps: GrievancesDeps, staff: Staff) => list(deps, staffScope(staff));
export const staffGrievance = (deps: GrievancesDeps, staff: Staff, id: string) => one(deps, staffScope(staff), id);

/** Who answers: the stay's owner as 'owner', anyone else the platform lets see it as 'platform'. */
const authorOf = (staff: Staff, ownerId: string): GrievanceAuthor => (staff.id === ownerId ? 'owner' : 'platform');

/**
 * The stay's owner or the platform answers a ticket: the message joins the thread, the first answer acknowledges
 * the ticket, and the guest is mailed. A ticket of another owner's stay is "not found"; a closed one, 409.
 */
export async function answerGrievance(deps: GrievancesDeps, staff: Staff, id: string, input: GrievanceMessageInput) {
  const { body } = GrievanceMessageInput.parse(input);
  const now = deps.clock.now();
  await withOutbox(deps, async (tx, emit) => {
    const found = await repo.lockGrievance(tx, id, staffScope(staff));
    if (!found) throw notFound(GRIEVANCE_API_MSG.notFound);
    if (found.grievance.status === 'closed') throw conflict(GRIEVANCE_API_MSG.closed, 'GRIEVANCE_CLOSED');
    const message = await repo.insertMessage(tx, {
      grievanceId: id,
      authorId: staff.id,
      author: authorOf(staff, found.ownerId),
      body,
      createdAt: now,
    });
    if (!found.grievance.acknowledgedAt) await repo.updateGrievance(tx, id, { acknowledgedAt: now });
    await emit(GrievanceAnsweredMail, { messageId: message.id });
  });
  return one(deps, staffScope(staff), id);
}

/**
 * The stay's owner or the platform closes a ticket (redressed): the resolution clock stops, a ticket closed before
 * any answer counts as acknowledged then, and the guest is mailed. Closing a closed ticket is a 409.
 */
export async function closeGrievance(deps: GrievancesDeps, staff: Staff, id: string) {
  const now = deps.clock.now();
  await withOutbox(deps, async (tx, emit) => {
    const found = await repo.lockGrievance(tx, id, staffScope(staff));
    if (!found) throw notFound(GRIEVANCE_API_MSG.notFound);
    if (found.grievance.status === 'closed') throw conflict(GRIEVANCE_API_MSG.closed, 'GRIEVANCE_CLOSED');
    await repo.updateGrievance(tx, id, {
      status: 'closed',
      closedAt: now,
      closedBy: authorOf(staff, found.ownerId),
      acknowledgedAt: found.grievance.acknowledgedAt ?? now,
    });
    await emit(GrievanceClosedMail, { grievanceId: id });
  });
  return one(deps, staffScope(staff), id);
}

import type { SettlementCompensationDto } from '@repo/shared/schemas/payouts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import {
  bookings,
  cancellationCompensations,
  compensationPayouts,
  settlementCompensations,
  users,
} from '#src/db/schema/index.ts';
import type { GatewayPayoutLink } from '#src/platform/payouts/gateway.ts';

/**
 * What owners' stays owed their guests for cancelling their bookings themselves (ADR 053) is recovered in the owner's
 * next settlement: each compensation recorded before the settlement's cut-off and never deducted is taken off the
 * settlement's net, once (settlement_compensations is unique per compensation). Kept apart from the lines: a line
 * is a booking's account, and a compensation is not part of what the guest paid.
 */
export type DueCompensation = { id: string; owner_id: string; booking_id: string; amount_paise: string | number };

/** Compensations of owners' cancels recorded before `cutoff` and not yet deducted (of one owner, or every owner). */
export function compensationsDue(q: Queryable, cutoff: Date, ownerId?: string) {
  const owner = ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``;
  return selectRows<DueCompensation>(
    q,
    sql`select c.id, s.owner_id, c.booking_id, c.amount_paise
        from cancellation_compensations c join bookings b on b.id = c.booking_id join stays s on s.id = b.stay_id
        where c.created_at < ${cutoff}
          and not exists (select 1 from settlement_compensations d where d.compensation_id = c.id) ${owner}
        order by s.owner_id, c.created_at, c.id`,
  );
}

/** Per owner, their compensations due. */
export function byOwner(due: readonly DueCompensation[]) {
  const map = new Map<string, DueCompensation[]>();
  for (const c of due) map.set(c.owner_id, [...(map.get(c.owner_id) ?? []), c]);
  return map;
}

export const totalOf = (due: readonly DueCompensation[]) => due.reduce((sum, c) => sum + Number(c.amount_paise), 0);

/** Records the compensations deducted in a settlement (in its transaction). */
export async function insertDeductions(tx: Tx, settlementId: string, ownerId: string, due: readonly DueCompensation[]) {
  if (!due.length) return;
  await tx
    .insert(settlementCompensations)
    .values(due.map((c) => ({ settlementId, ownerId, compensationId: c.id, amountPaise: Number(c.amount_paise) })));
}

/** The compensations a settlement deducted, with their booking, as its statement shows them. */
export async function compensationsOfSettlement(q: Queryable, settlementId: string): Promise<SettlementCompensationDto[]> {
  const rows = await q
    .select({
      bookingId: cancellationCompensations.bookingId,
      stayName: bookings.hotelName,
      checkIn: bookings.checkIn,
      amount: settlementCompensations.amountPaise,
      description: cancellationCompensations.description,
    })
    .from(settlementCompensations)
    .innerJoin(cancellationCompensations, eq(cancellationCompensations.id, settlementCompensations.compensationId))
    .innerJoin(bookings, eq(bookings.id, cancellationCompensations.bookingId))
    .where(eq(settlementCompensations.settlementId, settlementId))
    .orderBy(asc(bookings.checkIn), asc(cancellationCompensations.id));
  return rows;
}

/** Ends an issued payout link as its webhook says; undefined when no issued link has that id. */
export async function endLink(q: Queryable, providerLinkId: string, status: Exclude<GatewayPayoutLink['status'], 'issued'>) {
  const [row] = await q
    .update(compensationPayouts)
    .set({ status, settledAt: new Date() })
    .where(and(eq(compensationPayouts.providerLinkId, providerLinkId), eq(compensationPayouts.status, 'issued')))
    .returning({ compensationId: compensationPayouts.compensationId });
  return row;
}

/** Whether a payout link with this id was recorded. */
export async function linkKnown(q: Queryable, providerLinkId: string): Promise<boolean> {
  const [known] = await q
    .select({ id: compensationPayouts.compensationId })
    .from(compensationPayouts)
    .where(eq(compensationPayouts.providerLinkId, providerLinkId));
  return known !== undefined;
}

/** A compensation with its payout link, the stay's name as booked and the guest's name and email. */
export async function unclaimedOf(q: Queryable, compensationId: string) {
  const [row] = await q
    .select({
      c: cancellationCompensations,
      link: compensationPayouts,
      hotelName: bookings.hotelName,
      guestName: users.firstName,
      guestEmail: users.email,
    })
    .from(cancellationCompensations)
    .innerJoin(compensationPayouts, eq(compensationPayouts.compensationId, cancellationCompensations.id))
    .innerJoin(bookings, eq(bookings.id, cancellationCompensations.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(cancellationCompensations.id, compensationId));
  return row;
}

/** The platform's admins' emails. */
export function platformAdmins(q: Queryable) {
  return q
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isPlatform, true), isNull(users.archivedAt)));
}

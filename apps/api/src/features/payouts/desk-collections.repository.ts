import type { SettlementCollectedDto } from '@repo/shared/schemas/payouts';
import { asc, eq, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import { bookings, payments, settlementDeskCollections } from '#src/db/schema/index.ts';
import { z } from 'zod';

/**
 * Money a stay took at its desk is already in its owner's hands (ADR 064): the booking's line is credited as any
 * other (its fee, the GST on it, TCS and TDS are owed as for any booking), and each desk payment is then taken off the
 * owner's net once, in the settlement whose period its booking is due in (check-in day by the period's end) and whose
 * cut-off it was recorded before (settlement_desk_collections is unique per payment).
 */
const DueCollection = z.object({
  payment_id: z.string(),
  owner_id: z.string(),
  booking_id: z.string(),
  amount_paise: z.coerce.number().int(),
});
export type DueCollection = z.infer<typeof DueCollection>;

/** Desk payments due to be taken off owners' nets by a period (of one owner, or every owner). */
export async function collectionsDue(q: Queryable, periodEnd: string, cutoff: Date, ownerId?: string) {
  const owner = ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``;
  const rows = await selectRows<unknown>(
    q,
    sql`select p.id as payment_id, s.owner_id, p.booking_id, p.amount_paise
        from payments p join bookings b on b.id = p.booking_id join stays s on s.id = b.stay_id
        where p.provider = 'desk' and p.created_at < ${cutoff} and b.check_in <= ${periodEnd}::date
          and not exists (select 1 from settlement_desk_collections d where d.payment_id = p.id) ${owner}
        order by s.owner_id, p.created_at, p.id`,
  );
  return rows.map((r) => DueCollection.parse(r));
}

export function byOwner(due: readonly DueCollection[]) {
  const map = new Map<string, DueCollection[]>();
  for (const c of due) map.set(c.owner_id, [...(map.get(c.owner_id) ?? []), c]);
  return map;
}

export const totalOf = (due: readonly DueCollection[]) => due.reduce((sum, c) => sum + c.amount_paise, 0);

/** Records the desk payments taken off a settlement's net (in its transaction). */
export async function insertCollections(tx: Tx, settlementId: string, ownerId: string, due: readonly DueCollection[]) {
  if (!due.length) return;
  await tx
    .insert(settlementDeskCollections)
    .values(
      due.map((c) => ({ settlementId, ownerId, paymentId: c.payment_id, bookingId: c.booking_id, amountPaise: c.amount_paise })),
    );
}

/** The desk payments a settlement took off its net, as its statement shows them. */
export async function collectionsOfSettlement(q: Queryable, settlementId: string): Promise<SettlementCollectedDto[]> {
  const rows = await q
    .select({
      bookingId: settlementDeskCollections.bookingId,
      stayName: bookings.hotelName,
      checkIn: bookings.checkIn,
      amount: settlementDeskCollections.amountPaise,
      method: payments.method,
    })
    .from(settlementDeskCollections)
    .innerJoin(payments, eq(payments.id, settlementDeskCollections.paymentId))
    .innerJoin(bookings, eq(bookings.id, settlementDeskCollections.bookingId))
    .where(eq(settlementDeskCollections.settlementId, settlementId))
    .orderBy(asc(bookings.checkIn), asc(settlementDeskCollections.paymentId));
  return rows.map((r) => ({ ...r, method: r.method ?? '' }));
}

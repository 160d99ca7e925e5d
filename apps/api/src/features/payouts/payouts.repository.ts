import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import { payoutAccounts, payoutProfiles, payouts, users } from '#src/db/schema/index.ts';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function currentAccount(q: Queryable, ownerId: string) {
  const [row] = await q
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.ownerId, ownerId))
    .orderBy(desc(payoutAccounts.createdAt))
    .limit(1);
  return row;
}

/** The owner's payout details (who they are for tax), if given. */
export async function profileOf(q: Queryable, ownerId: string) {
  const [profile] = await q.select().from(payoutProfiles).where(eq(payoutProfiles.ownerId, ownerId));
  return profile;
}

/** The account's email (undefined: no such user). */
export async function emailOf(q: Queryable, ownerId: string): Promise<string | undefined> {
  const [user] = await q.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return user?.email;
}

/** Saves who the owner is (their payout details without the account). */
export async function saveProfile(
  tx: Tx,
  ownerId: string,
  who: Pick<typeof payoutProfiles.$inferInsert, 'legalName' | 'pan' | 'holderType' | 'stateCode'>,
) {
  await tx
    .insert(payoutProfiles)
    .values({ ownerId, ...who })
    .onConflictDoUpdate({ target: payoutProfiles.ownerId, set: { ...who, updatedAt: new Date() } });
}

/** Records a new account to pay the owner into (the latest is the one paid). */
export async function insertAccount(tx: Tx, values: typeof payoutAccounts.$inferInsert) {
  await tx.insert(payoutAccounts).values(values);
}

export async function accountById(q: Queryable, id: string) {
  const [account] = await q.select().from(payoutAccounts).where(eq(payoutAccounts.id, id));
  return account;
}

/**
 * Settlements owed money with no live payout (of one owner, or all), with the account to pay and their last
 * attempt: new attempts are made from these.
 */
export function settlementsOwed(q: Queryable, ownerId?: string) {
  const owner = ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``;
  return selectRows<{
    settlement_id: string;
    owner_id: string;
    payable_paise: string | number;
    account_id: string;
    account_at: string | Date;
    attempts: number | null;
    failed_at: string | Date | null;
  }>(
    q,
    sql`
    select s.id as settlement_id, s.owner_id, s.payable_paise, a.id as account_id, a.created_at as account_at,
      (select max(p.attempt) from payouts p where p.settlement_id = s.id) as attempts,
      (select p.settled_at from payouts p where p.settlement_id = s.id order by p.attempt desc limit 1) as failed_at
    from settlements s
    join lateral (select * from payout_accounts a where a.owner_id = s.owner_id order by a.created_at desc limit 1) a on true
    where s.payable_paise > 0 ${owner}
      and not exists (select 1 from payouts p where p.settlement_id = s.id and p.status <> 'failed')
    order by s.period_end, s.id
    limit 1000`,
  );
}

/** A new payout of a settlement; undefined when a live one exists already (one per settlement, a unique index). */
export async function insertPayout(q: Queryable, values: typeof payouts.$inferInsert) {
  const [payout] = await q.insert(payouts).values(values).onConflictDoNothing().returning();
  return payout;
}

/** Transfers asked for before `before` with no answer from the gateway yet (at most 1,000, oldest first). */
export function unansweredTransfers(q: Queryable, before: Date) {
  return q
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'requested'), isNull(payouts.providerTransferId), lt(payouts.createdAt, before)))
    .orderBy(asc(payouts.createdAt))
    .limit(1000);
}

/** Records the gateway's transfer id of a payout (once). */
export async function recordTransferId(q: Queryable, payoutId: string, transferId: string) {
  await q
    .update(payouts)
    .set({ providerTransferId: transferId })
    .where(and(eq(payouts.id, payoutId), isNull(payouts.providerTransferId)));
}

/** Ends a requested payout as processed or failed; undefined when it was not requested (ended before). */
export async function endPayout(
  q: Queryable,
  outcome: { payoutId: string; status: 'processed' | 'failed'; reason: string | null; transferId?: string; utr?: string | null },
  at: Date,
) {
  const [row] = await q
    .update(payouts)
    .set({
      status: outcome.status,
      failureReason: outcome.status === 'failed' ? (outcome.reason ?? 'The transfer failed') : null,
      settledAt: at,
      utr: outcome.status === 'processed' ? (outcome.utr ?? null) : null,
      ...(outcome.transferId ? { providerTransferId: sql`coalesce(${payouts.providerTransferId}, ${outcome.transferId})` } : {}),
    })
    .where(and(eq(payouts.id, outcome.payoutId), eq(payouts.status, 'requested')))
    .returning();
  return row;
}

export async function payoutById(q: Queryable, id: string) {
  const [payout] = await q.select().from(payouts).where(eq(payouts.id, id));
  return payout;
}

export async function payoutByTransfer(q: Queryable, transferId: string) {
  const [payout] = await q.select().from(payouts).where(eq(payouts.providerTransferId, transferId));
  return payout;
}

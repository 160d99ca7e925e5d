import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';

export type ClaimedEntry = { id: number; kind: string; payload: Record<string, unknown>; attempts: number };

export async function insertEntry(q: Queryable, kind: string, payload: Record<string, unknown>): Promise<number> {
  const [row] = await q.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
  if (!row) throw new Error('outbox entry not written');
  return row.id;
}

/**
 * Takes up to 50 due entries (only `ids` when given) that nobody else has: each one's `run_after` is pushed a lease
 * ahead and its attempts counted, so no transaction stays open while it is carried out.
 */
export async function claimDue(q: Queryable, leaseSeconds: number, ids?: readonly number[]): Promise<ClaimedEntry[]> {
  const only = ids
    ? sql`and id in (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`
    : sql``;
  const rows = await selectRows<ClaimedEntry>(
    q,
    sql`
    update ${outbox} set run_after = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    where id in (
      select id from ${outbox} where done_at is null and run_after <= now() ${only}
      order by id limit 50 for update skip locked)
    returning id, kind, payload, attempts`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Marks an entry done; `forgetPayload` empties a payload that carried a secret (a reset link). */
export async function markDone(q: Queryable, id: number, forgetPayload: boolean) {
  await q.execute(
    forgetPayload
      ? sql`update ${outbox} set done_at = now(), last_error = null, payload = '{}'::jsonb where id = ${id}`
      : sql`update ${outbox} set done_at = now(), last_error = null where id = ${id}`,
  );
}

export async function reschedule(q: Queryable, id: number, waitSeconds: number, error: string) {
  await q.execute(
    sql`update ${outbox} set run_after = now() + make_interval(secs => ${waitSeconds}), last_error = ${error.slice(0, 1000)}
        where id = ${id}`,
  );
}

/** Deletes entries done before `before`; returns how many. */
export async function deleteDoneBefore(q: Queryable, before: Date): Promise<number> {
  const deleted = await selectRows(
    q,
    sql`delete from ${outbox} where done_at is not null and done_at < ${before.toISOString()}::timestamptz returning id`,
  );
  return deleted.length;
}

import type { TaxSlab } from '@repo/shared/domain/gst';
import type { Db, Queryable } from '#src/db/client.ts';
import * as repo from './invoices.repository.ts';

/** How long the rates are kept in memory: a new row (a change of the law, dated ahead) is seen within this. */
const KEEP_MS = 10 * 60_000;
const kept = new WeakMap<Db, { until: number; slabs: Promise<TaxSlab[]> }>();

/**
 * Every row of `tax_rates` (ADR 017), read once per 10 minutes per database. Inside a transaction, pass it as `via`:
 * the rows are then read on the transaction's own connection (the embedded database has only one, which the open
 * transaction holds, so a read beside it would wait for the transaction that waits for it).
 */
export function taxSlabs(db: Db, now = Date.now(), via: Queryable = db): Promise<TaxSlab[]> {
  const hit = kept.get(db);
  if (hit && hit.until > now) return hit.slabs;
  const slabs = repo.allTaxRates(via).then((rows) => rows.map((r) => ({ ...r, ratePercent: Number(r.ratePercent) })));
  kept.set(db, { until: now + KEEP_MS, slabs });
  // A failed read is not kept.
  slabs.catch(() => kept.delete(db));
  return slabs;
}

import { GST_REGISTRATIONS, NOT_FOR_SALE, type NotForSale, supplyOf } from '@repo/shared/domain/gst-supply';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, selectRows } from '#src/db/client.ts';

/** Which stays to decide again: an owner's (a declaration made), some stays (saved), or every live stay (start). */
export type SaleScope = { ownerId: string } | { stayIds: readonly string[] } | 'all';

const Row = z.object({
  id: z.string(),
  gstin: z.string().nullable(),
  state_code: z.string().nullable(),
  not_for_sale: z.enum(NOT_FOR_SALE).nullable(),
  registration: z.enum(GST_REGISTRATIONS).nullable(),
  declared_gstin: z.string().nullable(),
  liable: z.boolean().nullable(),
});

const scopeOf = (scope: SaleScope) =>
  scope === 'all'
    ? sql``
    : 'ownerId' in scope
      ? sql`and s.owner_id = ${scope.ownerId}::uuid`
      : sql`and s.id = any(${`{${scope.stayIds.join(',')}}`}::uuid[])`;

/**
 * Decides again whether the stays in `scope` may be sold, by their owner's declaration in force for their state and
 * the platform's GSTINs (supplyOf, ADR 054), and records why not in stays.not_for_sale where that changed (a stay's
 * change is heard by the searches, which list only stays for sale). Returns how many stays changed.
 */
export async function refreshSaleStanding(
  q: Queryable,
  platformGstins: Readonly<Record<string, string>>,
  scope: SaleScope,
): Promise<number> {
  const rows = (
    await selectRows<unknown>(
      q,
      sql`select s.id, s.gstin, s.state_code, s.not_for_sale, d.registration, d.gstin as declared_gstin, d.liable
          from stays s
          left join lateral (
            select d.registration, d.gstin, d.liable from gst_declarations d
            where d.owner_id = s.owner_id and d.state_code = coalesce(s.state_code, left(s.gstin, 2))
            order by d.created_at desc, d.id desc limit 1
          ) d on true
          where s.archived_at is null ${scopeOf(scope)}`,
    )
  ).map((r) => Row.parse(r));
  const changed: { id: string; reason: NotForSale | null }[] = [];
  for (const r of rows) {
    const standing = r.registration ? { registration: r.registration, gstin: r.declared_gstin, liable: r.liable === true } : null;
    const supply = supplyOf(standing, { gstin: r.gstin, stateCode: r.state_code }, platformGstins);
    const reason = supply.by === 'nobody' ? supply.reason : null;
    if (reason !== r.not_for_sale) changed.push({ id: r.id, reason });
  }
  if (changed.length === 0) return 0;
  await q.execute(
    sql`update stays s set not_for_sale = c.reason
        from unnest(${`{${changed.map((c) => c.id).join(',')}}`}::uuid[],
                    ${`{${changed.map((c) => c.reason ?? 'NULL').join(',')}}`}::text[]) as c(id, reason)
        where s.id = c.id`,
  );
  return changed.length;
}

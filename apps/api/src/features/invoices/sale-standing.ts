import { GST_REGISTRATIONS, NOT_FOR_SALE, type NotForSale, supplyOf } from '@repo/shared/domain/gst-supply';
import { z } from 'zod';
import type { Queryable } from '#src/db/client.ts';
import { markNotForSale, type SaleScope, saleStandingRows } from './invoices.repository.ts';

const Row = z.object({
  id: z.string(),
  gstin: z.string().nullable(),
  state_code: z.string().nullable(),
  not_for_sale: z.enum(NOT_FOR_SALE).nullable(),
  registration: z.enum(GST_REGISTRATIONS).nullable(),
  declared_gstin: z.string().nullable(),
  liable: z.boolean().nullable(),
});

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
  const rows = (await saleStandingRows(q, scope)).map((r) => Row.parse(r));
  const changed: { id: string; reason: NotForSale | null }[] = [];
  for (const r of rows) {
    const standing = r.registration ? { registration: r.registration, gstin: r.declared_gstin, liable: r.liable === true } : null;
    const supply = supplyOf(standing, { gstin: r.gstin, stateCode: r.state_code }, platformGstins);
    const reason = supply.by === 'nobody' ? supply.reason : null;
    if (reason !== r.not_for_sale) changed.push({ id: r.id, reason });
  }
  await markNotForSale(q, changed);
  return changed.length;
}

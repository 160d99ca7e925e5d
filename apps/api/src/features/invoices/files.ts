import { createHash } from 'node:crypto';
import type { Queryable } from '#src/db/client.ts';
import type { InvoicesDeps } from './deps.ts';
import * as repo from './invoices.repository.ts';
import { invoicePdf } from './pdf.ts';

/**
 * A document's file as issued (ADR 022): drawn once from its snapshot, on its first use right after it is issued
 * (the mail that sends it, or a download), and kept; every later use serves those bytes, whatever the code that
 * draws documents has become. Two first uses at once draw it twice and keep the first stored.
 */
export async function documentFile(
  deps: Pick<InvoicesDeps, 'db'>,
  row: repo.InvoiceRow,
  q: Queryable = deps.db,
): Promise<Buffer> {
  const kept = await repo.findFile(q, row.id);
  if (kept) return kept;
  const pdf = await invoicePdf(row.snapshot);
  await repo.insertFile(q, { invoiceId: row.id, pdf, sha256: createHash('sha256').update(pdf).digest('hex') });
  return (await repo.findFile(q, row.id)) ?? pdf;
}

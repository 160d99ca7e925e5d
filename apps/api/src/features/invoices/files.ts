import type { Queryable } from '#src/db/client.ts';
import { keptFile } from '#src/platform/documents/index.ts';
import type { InvoicesDeps } from './deps.ts';
import * as repo from './invoices.repository.ts';
import { invoicePdf } from './pdf.ts';

/**
 * A tax document's file as issued (ADR 022): drawn once from its snapshot, on its first use right after it is issued
 * (the mail that sends it, or a download), kept in invoice_files, and served as kept ever after.
 */
export function documentFile(deps: Pick<InvoicesDeps, 'db'>, row: repo.InvoiceRow, q: Queryable = deps.db): Promise<Buffer> {
  return keptFile(
    {
      find: () => repo.findFile(q, row.id),
      keep: (file) => repo.insertFile(q, { invoiceId: row.id, ...file }),
    },
    () => invoicePdf(row.snapshot),
  );
}

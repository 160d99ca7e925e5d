import type { OwnerDocumentDto, OwnerDocumentsPage, OwnerDocumentsQuery } from '@repo/shared/schemas/gst';
import { zipSync } from 'fflate';
import type { z } from 'zod';
import { notFound } from '#src/lib/errors.ts';
import type { InvoicesDeps } from './deps.ts';
import { documentFile } from './files.ts';
import { documentSupplier, fileNameOf } from './invoices.service.ts';
import * as repo from './invoices.repository.ts';

const PAGE_SIZE = 20;
/** A month's archive holds at most this many documents (a larger month is asked for stay by stay). */
const ARCHIVE_MAX = 2000;
/** The folder of bills of supply issued by stays not registered (before ADR 022). */
const ARCHIVE_UNREGISTERED = 'not-registered';

type Query = z.output<typeof OwnerDocumentsQuery>;

const toDto = (row: repo.OwnerDocumentRow): OwnerDocumentDto => {
  const printed = row.snapshot;
  return {
    id: row.id,
    kind: row.kind,
    title: printed.title,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    bookingId: row.bookingId,
    stayId: row.stayId,
    stayName: row.stayName,
    guestName: printed.recipient.name,
    supplierGstin: printed.supplier.gstin,
    supplierName: documentSupplier(printed).name,
    byPlatform: Boolean(printed.supplier.through),
    total: row.totalPaise,
    taxable: printed.gst.taxable,
    cgst: printed.gst.cgst,
    sgst: printed.gst.sgst,
  };
};

/**
 * The tax invoices and credit notes issued for bookings of an owner's stays (their own, and the platform's under
 * s.9(5) for their stays not registered), newest first, 20 a page: by month of issue (India), stay, booking and kind.
 */
export async function ownerDocuments(deps: InvoicesDeps, ownerId: string, query: Query): Promise<OwnerDocumentsPage> {
  const { rows, total } = await repo.ownerDocuments(deps.db, ownerId, query, {
    limit: PAGE_SIZE,
    offset: (query.page - 1) * PAGE_SIZE,
  });
  return { documents: rows.map(toDto), total, page: query.page, pageSize: PAGE_SIZE };
}

/** One document of the owner's stays as its file as issued; another owner's is not found. */
export async function ownerDocumentFile(deps: InvoicesDeps, ownerId: string, id: string) {
  const row = await repo.ownerDocument(deps.db, ownerId, id);
  if (!row) throw notFound();
  return { fileName: fileNameOf(row), pdf: await documentFile(deps, row) };
}

/**
 * Every document of a month of the owner's stays (optionally one stay) as one ZIP of their files as issued, in a
 * folder per supplier GSTIN.
 */
export async function ownerDocumentsArchive(
  deps: InvoicesDeps,
  ownerId: string,
  query: { month: string; stayId?: string },
): Promise<Buffer> {
  const { rows } = await repo.ownerDocuments(deps.db, ownerId, query, { limit: ARCHIVE_MAX, offset: 0 });
  const files: Record<string, Uint8Array> = {};
  // A folder per supplier: each numbers its own series, so two suppliers' numbers may be the same. One at a time:
  // each file may have to be drawn once.
  for (const row of rows) {
    const supplier = row.snapshot.supplier.gstin ?? ARCHIVE_UNREGISTERED;
    files[`${supplier}/${fileNameOf(row)}`] = await documentFile(deps, row);
  }
  // PDFs are compressed already: stored as they are.
  return Buffer.from(zipSync(files, { level: 0 }));
}

import { documentFileName } from '@repo/shared/domain/gst';
import { documentFile, findInvoice, type InvoiceKind } from '#src/features/invoices/index.ts';
import { conflict } from '#src/lib/errors.ts';
import { type Owner, ownBooking } from './booking-view.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';

/**
 * A booking's tax invoice (or bill of supply) or credit note as a PDF, for the guest it belongs to (another guest's
 * booking is "not found"); a 409 while the booking has none.
 */
export async function bookingDocument(deps: BookingsDeps, user: Owner, bookingId: string, kind: InvoiceKind) {
  const b = await ownBooking(deps, user.id, bookingId);
  const row = await findInvoice(deps.db, b.id, kind);
  if (!row)
    throw kind === 'invoice' ? conflict(BOOKING_MSG.noInvoice, 'NO_INVOICE') : conflict(BOOKING_MSG.noCreditNote, 'NO_INVOICE');
  const pdf = await documentFile(deps, row);
  return { number: row.number, fileName: documentFileName(row.number), pdf };
}

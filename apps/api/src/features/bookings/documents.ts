import { todayInIndia } from '@repo/shared/domain/dates';
import { creditNoteTimeOver, documentFile, fileNameOf, findInvoice, type InvoiceKind } from '#src/features/invoices/index.ts';
import { conflict } from '#src/lib/errors.ts';
import { type Owner, ownBooking } from './booking-view.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';

/**
 * A booking's tax invoice (or bill of supply) or credit note as a PDF, for the guest it belongs to (another guest's
 * booking is "not found"); a 409 while the booking has none, saying why when it was refunded too late for one.
 */
export async function bookingDocument(deps: BookingsDeps, user: Owner, bookingId: string, kind: InvoiceKind) {
  const b = await ownBooking(deps, user.id, bookingId);
  const row = await findInvoice(deps.db, b.id, kind);
  if (!row) {
    if (kind === 'invoice') throw conflict(BOOKING_MSG.noInvoice, 'NO_INVOICE');
    const over = b.cancelledAt ? await creditNoteTimeOver(deps.db, b.id, todayInIndia(b.cancelledAt)) : undefined;
    throw conflict(over ? BOOKING_MSG.creditNoteTimeOver(over) : BOOKING_MSG.noCreditNote, 'NO_INVOICE');
  }
  const pdf = await documentFile(deps, row);
  return { number: row.number, fileName: fileNameOf(row), pdf };
}

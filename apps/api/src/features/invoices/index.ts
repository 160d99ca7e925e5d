export { INVOICE_COPY } from './copy.ts';
export {
  type BookingTax,
  type InvoiceSnapshot,
  issueCreditNote,
  issueInvoice,
  taxOfBooking,
  taxOfBookings,
  taxOfNewBooking,
} from './invoices.service.ts';
export { findInvoice, type InvoiceKind } from './invoices.repository.ts';
export { invoicePdf } from './pdf.ts';

export { invoicesPlugin } from './plugin.ts';
export { INVOICE_COPY } from './copy.ts';
export { documentFile } from './files.ts';
export { ownerDocumentFile, ownerDocuments, ownerDocumentsArchive } from './owner-documents.ts';
export {
  amountInWords,
  type BookingTax,
  creditNoteTimeOver,
  fileNameOf,
  type InvoiceSnapshot,
  issueCreditNote,
  issueInvoice,
  placeOfSupplyOf,
  supplierOf,
  taxOfBooking,
  taxOfBookings,
  taxOfNewBooking,
} from './invoices.service.ts';
export { findInvoice, type InvoiceKind, type InvoiceRow, nextSeq } from './invoices.repository.ts';
export { invoicePdf, titleCase } from './pdf.ts';
export { refreshSaleStanding } from './sale-standing.ts';

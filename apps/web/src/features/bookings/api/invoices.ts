import type { InvoiceRefDto } from '@repo/shared/schemas/gst';
import { api } from '@/lib/api-client';

/** A booking's tax invoice (or bill of supply) or credit note as a PDF (GET /api/bookings/:id/invoice). */
export function getDocument(bookingId: string, kind: InvoiceRefDto['kind']) {
  return api<Blob>(`/bookings/${bookingId}/invoice`, { auth: 'guest', query: { kind }, as: 'blob' });
}

import type { PaymentMismatchDto } from '@repo/shared/schemas/payment';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';

/** The most mismatched payments one list shows (the newest). */
const LIST_MAX = 200;

/**
 * Captured payments that did not match their booking's order (another order id, amount or currency): each was
 * recorded and refunded, never applied (ADR 024). `ownerId` limits them to that owner's stays; null (the platform)
 * lists all.
 */
export async function listPaymentMismatches(deps: BookingsDeps, ownerId: string | null): Promise<PaymentMismatchDto[]> {
  const rows = await ledger.paymentMismatches(deps.db, ownerId, LIST_MAX);
  return rows.flatMap(({ payment: p, booking: b, refund }) =>
    p.mismatch
      ? [
          {
            paymentId: p.providerPaymentId,
            bookingId: b.id,
            stayName: b.hotelName,
            mismatch: p.mismatch,
            expected: { orderId: b.providerOrderId, amount: b.amountPaise, currency: b.currency },
            paid: { orderId: p.providerOrderId, amount: p.amountPaise, currency: p.currency },
            source: p.source,
            refundStatus: refund?.status ?? null,
            createdAt: p.createdAt.toISOString(),
          },
        ]
      : [],
  );
}

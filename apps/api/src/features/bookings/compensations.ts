import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';
import { BOOKING_MSG } from './messages.ts';

/**
 * The platform pays a guest the compensation a stay owed them for cancelling their booking itself (ADR 053), on top
 * of the full refund: the gateway can refund no more than a payment captured, so it is a payout from the platform's
 * own account, by payout link (the gateway sends the link; the guest chooses the account). The platform recovers it
 * from the owner's next settlement (payouts/compensations.ts); the link's end comes by the payouts' webhook. An outbox
 * handler: the compensation's id is the link's key, so a retry after a timeout or a crash is the same link; one
 * already recorded is left alone.
 */
export async function payCompensation(deps: BookingsDeps, compensationId: string) {
  if (await ledger.compensationLinkMade(deps.db, compensationId)) return;
  const row = await ledger.compensationToPay(deps.db, compensationId);
  if (!row) throw new Error(`compensation ${compensationId} not found`);
  const link = await deps.payouts.payoutLink({
    idempotencyKey: compensationId,
    amountPaise: row.c.amountPaise,
    contact: {
      name: `${row.guest.firstName} ${row.guest.lastName}`.trim(),
      email: row.guest.email,
      mobile: row.guest.mobile,
    },
    description: BOOKING_MSG.compensationLink(row.hotelName),
  });
  await ledger.recordCompensationLink(deps.db, {
    compensationId,
    providerLinkId: link.id,
    linkUrl: link.url,
    // A link found already ended (its webhook came before it was recorded here) is recorded as it ended.
    status: link.status,
    settledAt: link.status === 'issued' ? null : new Date(),
  });
  deps.log.info({ compensationId, payoutLinkId: link.id }, 'compensation payout link made');
}

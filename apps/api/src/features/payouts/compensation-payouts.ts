import { and, eq } from 'drizzle-orm';
import { bookings, cancellationCompensations, compensationPayouts, users } from '#src/db/schema/index.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { GatewayPayoutLink } from '#src/platform/payouts/gateway.ts';
import { PAYOUTS_COPY as C } from './copy.ts';

type CompensationDeps = Pick<Deps, 'db' | 'payouts' | 'log'>;

/**
 * The platform pays a guest the compensation a stay owed them for cancelling their booking itself (ADR 053), on top
 * of the full refund: the gateway can refund no more than a payment captured, so it is a payout from the platform's
 * own account, by payout link (the gateway sends the link; the guest chooses the account). The platform recovers it
 * from the owner's next settlement (compensations.ts). An outbox handler: the compensation's id is the link's
 * idempotency key, so a retry after a timeout or a crash is the same link; one already made is left alone.
 */
export async function payCompensation(deps: CompensationDeps, compensationId: string) {
  const [done] = await deps.db
    .select({ id: compensationPayouts.compensationId })
    .from(compensationPayouts)
    .where(eq(compensationPayouts.compensationId, compensationId));
  if (done) return;
  const [row] = await deps.db
    .select({ c: cancellationCompensations, hotelName: bookings.hotelName, guest: users })
    .from(cancellationCompensations)
    .innerJoin(bookings, eq(bookings.id, cancellationCompensations.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(cancellationCompensations.id, compensationId));
  if (!row) throw new Error(`compensation ${compensationId} not found`);
  const link = await deps.payouts.payoutLink({
    idempotencyKey: compensationId,
    amountPaise: row.c.amountPaise,
    contact: {
      name: `${row.guest.firstName} ${row.guest.lastName}`.trim(),
      email: row.guest.email,
      mobile: row.guest.mobile,
    },
    description: C.compensationLink(row.hotelName),
  });
  await deps.db
    .insert(compensationPayouts)
    .values({ compensationId, providerLinkId: link.id, linkUrl: link.url, status: 'issued' })
    .onConflictDoNothing();
  if (link.status !== 'issued') await settleCompensationPayout(deps, link.id, link.status);
  deps.log.info({ compensationId, payoutLinkId: link.id }, 'compensation payout link made');
}

/** A payout link's outcome, once: an issued link becomes processed, cancelled, expired or rejected. */
export async function settleCompensationPayout(
  deps: Pick<Deps, 'db'>,
  providerLinkId: string,
  status: Exclude<GatewayPayoutLink['status'], 'issued'>,
): Promise<'applied' | 'duplicate'> {
  const [row] = await deps.db
    .update(compensationPayouts)
    .set({ status, settledAt: new Date() })
    .where(and(eq(compensationPayouts.providerLinkId, providerLinkId), eq(compensationPayouts.status, 'issued')))
    .returning({ status: compensationPayouts.status });
  return row ? 'applied' : 'duplicate';
}

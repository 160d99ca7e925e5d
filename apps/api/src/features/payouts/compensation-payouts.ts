import { and, eq } from 'drizzle-orm';
import { compensationPayouts } from '#src/db/schema/index.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { GatewayPayoutLink } from '#src/platform/payouts/gateway.ts';

/**
 * A guest's compensation payout link (made by the bookings feature, ADR 053) ends, once: an issued link becomes
 * processed, cancelled, expired or rejected, as the gateway's signed webhook says.
 */
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

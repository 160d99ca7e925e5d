import { todayInIndia } from '@repo/shared/domain/dates';
import type { Deps } from '#src/platform/deps.ts';
import { issueDueFeeDocuments } from './fee-invoices.ts';
import { requestDuePayouts } from './payouts.service.ts';
import { settleDuePeriods } from './settlements.service.ts';

/**
 * The payouts' one run (hourly, and on demand by the platform): settle the last ended period, issue the fee invoices
 * (and credit notes) of the settlements it made (ADR 055), then ask for the payouts due: new ones, and failed ones
 * whose next try has come (`retried` of them).
 */
export async function runPayouts(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'payouts' | 'clock'>,
  today = todayInIndia(deps.clock.now()),
) {
  const { made } = await settleDuePeriods(deps, today);
  const feeInvoices = await issueDueFeeDocuments(deps);
  const { asked, retried } = await requestDuePayouts(deps);
  return { settlements: made, feeInvoices, payouts: asked, retried };
}

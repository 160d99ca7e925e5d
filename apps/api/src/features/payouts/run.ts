import { todayInIndia } from '@repo/shared/domain/dates';
import type { Deps } from '#src/platform/deps.ts';
import { issueFeeInvoices, lastMonthOf } from './fee-invoices.ts';
import { requestDuePayouts } from './payouts.service.ts';
import { settleDuePeriods } from './settlements.service.ts';

/**
 * The payouts' one run (hourly, and on demand by the platform): settle the last ended period, issue the last month's
 * fee invoices once its settlements are made, then ask for the payouts due.
 */
export async function runPayouts(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'payouts' | 'clock'>,
  today = todayInIndia(deps.clock.now()),
) {
  const { made } = await settleDuePeriods(deps, today);
  const feeInvoices = await issueFeeInvoices(deps, lastMonthOf(today));
  const payouts = await requestDuePayouts(deps);
  return { settlements: made, feeInvoices, payouts };
}

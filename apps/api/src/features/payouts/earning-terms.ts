import { todayInIndia } from '@repo/shared/domain/dates';
import { supplyOf } from '@repo/shared/domain/gst-supply';
import { FEE_GST_RATES, financialYearStart, rateOn, TCS_RATES, tdsTermsOf } from '@repo/shared/domain/marketplace';
import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
import { notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import * as declarations from './declarations.repository.ts';
import * as fees from './fees.repository.ts';
import * as settlements from './settlements.repository.ts';

type TermsDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

/**
 * The terms a night of an owner's stay sold today would be credited on (what `settlements.lineOf` applies to a
 * booking's first credit): the platform supplies it under s.9(5) unless the owner does by their declaration
 * (ADR 054); the stay's fee or the default; GST on the fee and TCS at today's rates (no TCS on the platform's own
 * supply); TDS as the owner's next booking would be deducted, by their PAN and what they were credited this year.
 * Another owner's stay, or one archived, is not found.
 */
export async function stayEarningTerms(deps: TermsDeps, ownerId: string, stayId: string): Promise<StayEarningTermsDto> {
  const stay = await fees.ownerStay(deps.db, ownerId, stayId);
  if (!stay) throw notFound();
  const today = todayInIndia(deps.clock.now());
  const state = stay.stateCode ?? stay.gstin?.slice(0, 2);
  const [declared, pan, credited] = await Promise.all([
    state ? declarations.latestDeclaration(deps.db, ownerId, state) : undefined,
    declarations.payoutPan(deps.db, ownerId),
    settlements.creditedInYear(deps.db, financialYearStart(today), today, ownerId),
  ]);
  const byPlatform = supplyOf(declared ?? null, stay, deps.config.platform.gstins).by !== 'owner';
  const tds = tdsTermsOf({ day: today, pan, fyTaxableBefore: credited.get(ownerId) ?? 0, taxable: 0 });
  return {
    byPlatform,
    feeBp: stay.feeBp ?? deps.config.platformFeeBp,
    feeGstBp: rateOn(FEE_GST_RATES, today).bp,
    tcsBp: byPlatform ? 0 : rateOn(TCS_RATES, today).bp,
    tdsBp: tds.bp,
    tdsSection: tds.section,
  };
}

import { registeredInState } from './gstin.ts';

/**
 * Who supplies a stay's nights for GST, and so who invoices the guest and pays the tax (ADR 054).
 *
 * Notification 17/2017-Central Tax (Rate), item (ii) as amended by Notification 17/2021-CT(Rate) from 1 Jan 2022,
 * under s.9(5) CGST Act: the electronic commerce operator pays the tax on accommodation supplied through it,
 * **except where the person supplying it is liable for registration under s.22(1)** — a question about the owner
 * (aggregate turnover under their PAN, all India, against the threshold: ₹20 lakh for services, ₹10 lakh in the
 * special category states of s.22(1)'s proviso), not about the listing. So an owner registered voluntarily under the
 * threshold is still supplied for by the platform; an owner liable and not registered cannot sell through it (they
 * must register); a composition taxpayer may not supply services through an operator that collects TCS (s.10(2)(d)
 * and s.10(2A)(c), as amended by the Finance Act, 2023). Each owner declares, per state, how they stand; the
 * declaration in force on a booking's invoice date decides its supplier.
 */

export const GST_REGISTRATIONS = ['none', 'regular', 'composition'] as const;
export type GstRegistration = (typeof GST_REGISTRATIONS)[number];

/** What an owner declared for one state (none: they have not declared it). */
export type GstStanding = {
  registration: GstRegistration;
  /** Their GSTIN in the state (registered only). */
  gstin: string | null;
  /** Liable for registration under s.22(1): aggregate turnover above the threshold in the financial year. */
  liable: boolean;
};

/** Why a stay cannot be sold through the platform in its state. */
export const NOT_FOR_SALE = ['must_register', 'composition', 'platform_unregistered'] as const;
export type NotForSale = (typeof NOT_FOR_SALE)[number];

export type SupplyDecision =
  | { by: 'owner'; gstin: string }
  /** `platformGstin` null: a stay of no known state (listed before states were asked), invoiced as before. */
  | { by: 'platform'; platformGstin: string | null; ownerGstin: string | null }
  | { by: 'nobody'; reason: NotForSale };

/**
 * The supplier of a stay's nights in `stateCode` given its owner's declaration for the state. Without one (stays
 * listed before owners were asked), the stay's own GSTIN of its state stands for a registered, liable owner and its
 * absence for one under the threshold, as before.
 */
export function supplyOf(
  standing: GstStanding | null,
  stay: { gstin: string | null; stateCode: string | null },
  platformGstins: Readonly<Record<string, string>>,
): SupplyDecision {
  const state = stay.stateCode ?? stay.gstin?.slice(0, 2) ?? '';
  const declared: GstStanding = standing ?? {
    registration: registeredInState(stay.gstin, stay.stateCode) ? 'regular' : 'none',
    gstin: registeredInState(stay.gstin, stay.stateCode) ? stay.gstin : null,
    liable: registeredInState(stay.gstin, stay.stateCode),
  };
  if (declared.liable) {
    if (declared.registration === 'none') return { by: 'nobody', reason: 'must_register' };
    if (declared.registration === 'composition') return { by: 'nobody', reason: 'composition' };
    if (declared.gstin) return { by: 'owner', gstin: declared.gstin };
  }
  const ownerGstin = declared.registration === 'none' ? null : declared.gstin;
  if (!state) return { by: 'platform', platformGstin: null, ownerGstin };
  const platformGstin = platformGstins[state];
  if (!platformGstin) return { by: 'nobody', reason: 'platform_unregistered' };
  return { by: 'platform', platformGstin, ownerGstin };
}

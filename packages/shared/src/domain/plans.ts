import { type TaxSlab, unslabbedBandOf } from './gst.ts';
import { type RoomTypeRates, type StayPrice, priceStay } from './rates.ts';

/**
 * Rate plans (ADR 065): a room type sells through one or more plans. Its standard plan is priced by the room type's
 * own prices (base, weekend, seasons: rates.ts); every other plan is derived from a plan of the same room type by a
 * percent or an amount a night, each of the parent's prices transformed (so it follows the parent's changes). On
 * top of a plan's night price (the price for two adults) comes the party's occupancy price, the same every night.
 * A night's price is built in steps — the room's price, the plan's derivation, the occupancy — so that offers and
 * restrictions come later as further steps on the same night.
 */

/** The meal plans, by their trade codes. */
export const MEAL_PLANS = ['EP', 'CP', 'MAP', 'AP'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

/** A meal plan in words, as guests and owners see it. */
export const MEAL_PLAN_WORDS: Record<MealPlan, string> = {
  EP: 'Room only',
  CP: 'Breakfast included',
  MAP: 'Breakfast and one meal',
  AP: 'All meals',
};

/** How a derived plan's night price comes from its parent's: ± percent (rounded half up) or ± rupees. */
export const DERIVATION_KINDS = ['percent', 'amount'] as const;
export type DerivationKind = (typeof DERIVATION_KINDS)[number];
export type Derivation = { kind: DerivationKind; value: number };

/**
 * What a plan adds to (or takes from) its night price for the party, in rupees a night: `singleLess` less for one
 * adult alone, `extraAdult` for each adult past two, `child` for each child of 6–12 and `infant` for each child of
 * 0–5 (free by default). Children of 13–17 count as adults.
 */
export type Occupancy = { singleLess: number; extraAdult: number; child: number; infant: number };
export const NO_OCCUPANCY: Occupancy = { singleLess: 0, extraAdult: 0, child: 0, infant: 0 };

/** The age bands of children: 0–5 (`infant`), 6–12 (`child`); 13–17 count as adults; 17 is the oldest child. */
export const CHILD_AGE = { childFrom: 6, adultFrom: 13, max: 17 } as const;

/** A party as the prices see it: adults (with children of 13–17), children of 6–12, children of 0–5. */
export type PartyCounts = { adults: number; children: number; infants: number };

/**
 * The party of `adults` and children aged `childAges`; a child whose age was not given (more `children` than ages)
 * is counted 6–12, the priced band, so that a price shown is never lower than the one charged.
 */
export function partyCounts(adults: number, children: number, childAges: readonly number[] = []): PartyCounts {
  const party = { adults, children: 0, infants: 0 };
  for (let i = 0; i < children; i++) {
    const age = childAges[i];
    if (age === undefined || (age >= CHILD_AGE.childFrom && age < CHILD_AGE.adultFrom)) party.children += 1;
    else if (age < CHILD_AGE.childFrom) party.infants += 1;
    else party.adults += 1;
  }
  return party;
}

/** How many people a party is. */
export const partySize = (p: PartyCounts) => p.adults + p.children + p.infants;

/** What the party adds to each night of a plan (rupees; negative for one adult with a lower single price). */
export function occupancyAddOn(o: Occupancy, p: PartyCounts): number {
  return (
    (p.adults === 1 ? -o.singleLess : 0) + Math.max(0, p.adults - 2) * o.extraAdult + p.children * o.child + p.infants * o.infant
  );
}

/** A parent's night price through a derivation: + percent rounded half up to whole rupees, or + an amount. */
export function derivePrice(d: Derivation | null, price: number): number {
  if (!d) return price;
  if (d.kind === 'amount') return price + d.value;
  return Math.floor((2 * price * (100 + d.value) + 100) / 200);
}

/** The prices of a derived plan: each of its parent's prices (base, weekend, every season's) derived. */
export function derivedRates(rates: RoomTypeRates, d: Derivation | null): RoomTypeRates {
  if (!d) return rates;
  return {
    price: derivePrice(d, rates.price),
    weekendPrice: rates.weekendPrice === null ? null : derivePrice(d, rates.weekendPrice),
    minNights: rates.minNights,
    seasons: rates.seasons.map((s) => ({
      ...s,
      price: derivePrice(d, s.price),
      weekendPrice: s.weekendPrice === null ? null : derivePrice(d, s.weekendPrice),
    })),
  };
}

/** A plan as the prices need it. */
export type PlanPricing = { derivation: Derivation | null; occupancy: Occupancy };

/**
 * What a plan costs a party for [checkIn, checkOut): each night its derived price plus the party's occupancy price;
 * the total is the sum of the nights (the one rule: search, the room dialog, the hold and the invoice use it).
 */
export function pricePlan(
  rates: RoomTypeRates,
  plan: PlanPricing,
  party: PartyCounts,
  checkIn: string,
  checkOut: string,
): StayPrice {
  const quote = priceStay(derivedRates(rates, plan.derivation), checkIn, checkOut);
  const addOn = occupancyAddOn(plan.occupancy, party);
  if (addOn === 0) return quote;
  const nightlyPrices = quote.nightlyPrices.map((p) => p + addOn);
  return {
    ...quote,
    nightlyPrices,
    total: quote.total + addOn * nightlyPrices.length,
    breakdown: quote.breakdown.map((l) => ({ ...l, price: l.price + addOn })),
  };
}

/** Every night price a room's own prices may set (base, weekend, seasons'), each once. */
export function nightPricesOf(rates: RoomTypeRates): number[] {
  const set = new Set<number>([rates.price]);
  if (rates.weekendPrice !== null) set.add(rates.weekendPrice);
  for (const s of rates.seasons) {
    set.add(s.price);
    if (s.weekendPrice !== null) set.add(s.weekendPrice);
  }
  return [...set];
}

/** The field of a plan's input a price problem is named on. */
export type PlanField = 'adjustment' | 'singleLess' | 'extraAdult' | 'childPrice' | 'infantPrice';

/**
 * What each party a room of `maxPeople` may hold adds to a night, each value once, with the field that makes it
 * (the last part of the occupancy it uses): two adults first (nothing added), then one adult, then larger parties.
 */
export function occupancyAddOns(o: Occupancy, maxPeople: number): Map<number, PlanField> {
  const out = new Map<number, PlanField>([[0, 'adjustment']]);
  const put = (v: number, f: PlanField) => {
    if (!out.has(v)) out.set(v, f);
  };
  for (let a = 1; a <= maxPeople; a++)
    for (let c = 0; a + c <= maxPeople; c++)
      for (let i = 0; a + c + i <= maxPeople; i++) {
        const v = occupancyAddOn(o, { adults: a, children: c, infants: i });
        put(v, i > 0 ? 'infantPrice' : c > 0 ? 'childPrice' : a > 2 ? 'extraAdult' : a === 1 ? 'singleLess' : 'adjustment');
      }
  return out;
}

export type PlanPriceProblem = { field: PlanField; message: string };

/**
 * Why a plan's prices can not be sold, or undefined: a night of any party the room holds at ₹0 or less, or at a
 * tariff that fits no GST slab (ADR 022: the slab is decided per night on the value of supply of the unit, and a
 * meal plan's price is all of it, ADR 065). `prices` are the plan's derived night prices for two adults.
 */
export function planPriceProblem(
  prices: readonly number[],
  o: Occupancy,
  maxPeople: number,
  today: string,
  slabs: readonly TaxSlab[],
): PlanPriceProblem | undefined {
  const addOns = occupancyAddOns(o, maxPeople);
  for (const p of prices)
    for (const [addOn, field] of addOns) {
      const tariff = p + addOn;
      if (tariff <= 0) return { field, message: PLAN_MSG.notPositive(tariff) };
      const band = unslabbedBandOf(tariff, today, slabs);
      if (band) return { field, message: PLAN_MSG.unslabbed(tariff, band.from, band.to) };
    }
  return undefined;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** What guests and owners read of a plan. */
export const PLAN_MSG = {
  notPositive: (tariff: number) =>
    `A night of this plan would cost ${rupees(tariff)} for some party: every night must cost at least ₹1`,
  unslabbed: (tariff: number, from: number, to: number) =>
    `A night of this plan would cost ${rupees(tariff)} for some party, and ${rupees(from)} to ${rupees(to)} fits no GST slab: change the price so that no party's night falls there`,
  parentSelf: 'A plan can not be derived from itself',
  parentMissing: 'Choose a live plan of this room type to derive from',
  parentDerived: 'Derive from a plan with prices of its own (the standard plan)',
  parentRequired: 'Choose the plan this one is derived from',
  standardFixed: "The standard plan has the room type's own prices: it is not derived",
  standardKept: 'The standard plan can not be deleted',
  partyTooLarge: (max: number) => `This room holds at most ${max} ${max === 1 ? 'person' : 'people'}`,
  planNotFound: 'Rate plan not found',
} as const;

/** A plan's name with its meal plan in words: 'Non-refundable · Breakfast included'. */
export const planLabel = (name: string, mealPlan: MealPlan) => `${name} · ${MEAL_PLAN_WORDS[mealPlan]}`;

/** The party a room of `maxPeople` is priced for: the whole party when it fits, else two adults (or its most). */
export function partyInRoom(party: PartyCounts, maxPeople: number): { party: PartyCounts; fits: boolean } {
  if (partySize(party) <= maxPeople) return { party, fits: true };
  return { party: { adults: Math.min(2, maxPeople), children: 0, infants: 0 }, fits: false };
}

/**
 * The party spread over rooms that hold `capacities` people (in the rooms' order): adults first, then children of
 * 6–12, then of 0–5, each to the room with the fewest so far that has a bed left (the first such on a tie), so that
 * every room has an adult while there are adults enough. Undefined when the party does not fit.
 */
export function splitParty(party: PartyCounts, capacities: readonly number[]): PartyCounts[] | undefined {
  const rooms = capacities.map(() => ({ adults: 0, children: 0, infants: 0 }));
  const size = rooms.map(() => 0);
  const place = (kind: keyof PartyCounts) => {
    let best = -1;
    for (let i = 0; i < rooms.length; i++)
      if ((size[i] ?? 0) < (capacities[i] ?? 0) && (best < 0 || (size[i] ?? 0) < (size[best] ?? 0))) best = i;
    const room = rooms[best];
    if (!room) return false;
    room[kind] += 1;
    size[best] = (size[best] ?? 0) + 1;
    return true;
  };
  for (const kind of ['adults', 'children', 'infants'] as const)
    for (let n = 0; n < party[kind]; n++) if (!place(kind)) return undefined;
  return rooms;
}

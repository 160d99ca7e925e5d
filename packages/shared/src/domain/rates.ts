import { stayNights } from './dates.ts';

/**
 * Prices by date: the one rule for what each night of a room type costs (ADR 018). Search and the room dialog's SQL
 * (apps/api/src/features/search/search.repository.ts) compute the same totals; apps/api/test/rates-sql.test.ts
 * checks them against this module.
 */

/** A season of a room type: from `startsOn` to `endsOn`, both nights included (room_type_rates). */
export type Season = {
  startsOn: string;
  endsOn: string;
  price: number;
  weekendPrice: number | null;
  minNights: number | null;
};

/** What prices a room type's nights: its base price, weekend price, minimum nights and seasons (never overlapping). */
export type RoomTypeRates = {
  price: number;
  weekendPrice: number | null;
  minNights: number;
  seasons: readonly Season[];
};

const DAY_MS = 86_400_000;
/** Days from 1900-01-05 (a Friday): Fridays are 0 and Saturdays 1 modulo 7. */
const FRIDAY_ORIGIN = Date.UTC(1900, 0, 5);
const dayNumber = (iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - FRIDAY_ORIGIN) / DAY_MS);

/** True for the night of a Friday or a Saturday (the weekend nights). */
export function isWeekendNight(night: string): boolean {
  const dow = new Date(`${night}T00:00:00Z`).getUTCDay();
  return dow === 5 || dow === 6;
}

/**
 * How many weekend nights [from, to) holds, by arithmetic: Fridays before day x are ⌊(x+6)/7⌋, Saturdays
 * ⌊(x+5)/7⌋ (x counted from a Friday). The SQL of search uses the same formula.
 */
export function weekendNightsBetween(from: string, to: string): number {
  if (to <= from) return 0;
  const before = (x: number) => Math.floor((x + 6) / 7) + Math.floor((x + 5) / 7);
  return before(dayNumber(to)) - before(dayNumber(from));
}

/** True when two seasons share a night. */
export function seasonsOverlap(a: Pick<Season, 'startsOn' | 'endsOn'>, b: Pick<Season, 'startsOn' | 'endsOn'>): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}

/** The season a night falls in, if any. */
export function seasonOf(seasons: readonly Season[], night: string): Season | undefined {
  return seasons.find((s) => s.startsOn <= night && night <= s.endsOn);
}

/**
 * The price of one night: inside a season its price (its weekend price on a Friday or Saturday night, when set),
 * else the base price (the weekend price on a Friday or Saturday night, when set).
 */
export function nightPrice(rates: RoomTypeRates, night: string, weekend = isWeekendNight(night)): number {
  const season = rates.seasons.length > 0 ? seasonOf(rates.seasons, night) : undefined;
  if (season) return weekend ? (season.weekendPrice ?? season.price) : season.price;
  return weekend ? (rates.weekendPrice ?? rates.price) : rates.price;
}

type Nights = { readonly nights: readonly string[]; readonly weekend: readonly boolean[] };
let lastNights: { key: string; value: Nights } | undefined;
/**
 * The nights of [checkIn, checkOut) with their weekend flags, worked out once for the dates a page prices all its
 * room types for (the last dates asked are kept).
 */
function nightsOf(checkIn: string, checkOut: string): Nights {
  const key = `${checkIn}|${checkOut}`;
  if (lastNights?.key !== key) {
    const nights = stayNights(checkIn, checkOut);
    lastNights = { key, value: Object.freeze({ nights, weekend: nights.map(isWeekendNight) }) };
  }
  return lastNights.value;
}

/** The price of each night of [checkIn, checkOut), in order. */
export function nightlyPrices(rates: RoomTypeRates, checkIn: string, checkOut: string): number[] {
  const { nights, weekend } = nightsOf(checkIn, checkOut);
  return nights.map((night, i) => nightPrice(rates, night, weekend[i]));
}

/** The fewest nights a stay of [checkIn, checkOut) needs: the largest of the room type's and of the seasons it touches. */
export function minNightsFor(rates: RoomTypeRates, checkIn: string, checkOut: string): number {
  if (rates.seasons.length === 0) return rates.minNights;
  const last = nightsOf(checkIn, checkOut).nights.at(-1) ?? checkIn;
  let min = rates.minNights;
  for (const s of rates.seasons)
    if (s.minNights !== null && seasonsOverlap(s, { startsOn: checkIn, endsOn: last })) min = Math.max(min, s.minNights);
  return min;
}

/** One line of a price breakdown: `nights` nights at `price` (all weekend nights when `weekend`). */
export type PriceLine = { price: number; nights: number; weekend: boolean };

/** What a room type costs for a stay. */
export type StayPrice = {
  nightlyPrices: number[];
  /** Rupees: the sum of the nightly prices. */
  total: number;
  minNights: number;
  /** False when the stay has fewer nights than `minNights`. */
  bookable: boolean;
  /** The nights grouped by price, cheapest first; `weekend` when every night of a group is a weekend night. */
  breakdown: PriceLine[];
};

export function priceStay(rates: RoomTypeRates, checkIn: string, checkOut: string): StayPrice {
  const { nights, weekend: weekends } = nightsOf(checkIn, checkOut);
  const prices = nights.map((night, i) => nightPrice(rates, night, weekends[i]));
  const minNights = minNightsFor(rates, checkIn, checkOut);
  const lines = new Map<number, PriceLine>();
  prices.forEach((price, i) => {
    const weekend = weekends[i] ?? false;
    const line = lines.get(price);
    if (line) {
      line.nights += 1;
      line.weekend &&= weekend;
    } else lines.set(price, { price, nights: 1, weekend });
  });
  const breakdown = [...lines.values()].sort((a, b) => a.price - b.price);
  return {
    nightlyPrices: prices,
    total: prices.reduce((a, b) => a + b, 0),
    minNights,
    bookable: nights.length >= minNights,
    breakdown,
  };
}

/**
 * The price per night shown for a stay's dates ('Book this Stay for just ₹…/day', search's price): a total's
 * average over the nights, rounded to whole rupees (halves up). The SQL spells it (2·total + n) / (2·n).
 */
export function averageNightly(total: number, nights: number): number {
  return nights > 0 ? Math.floor((2 * total + nights) / (2 * nights)) : total;
}

/** Amount in paise of rooms priced by night: the sum of every room's nightly prices × 100. */
export function amountOfNights(rooms: readonly (readonly number[])[]): number {
  return rooms.reduce((sum, prices) => sum + prices.reduce((a, b) => a + b, 0) * 100, 0);
}

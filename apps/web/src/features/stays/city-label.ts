import { CITY_CARDS } from '@repo/shared/constants/domain';

/** A stored (lower-case) city name as people write it: 'vizag' → 'Vizag', 'new delhi' → 'New Delhi'. */
export function cityLabel(city: string): string {
  const known = CITY_CARDS.find((c) => c.query === city.toLowerCase());
  if (known) return known.name;
  return city.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase());
}

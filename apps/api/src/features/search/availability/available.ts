import type { Queryable } from '#src/db/client.ts';
import { type AvailabilityFilter, countAvailableStays, findAvailableStays, type HitRow } from '../search.repository.ts';
import type { SearchIndex } from './kept.ts';

/** Which engine answered: the availability kept in the process, or the search statement. */
export type AvailabilitySource = 'index' | 'statement';

/**
 * The one door to availability: the stays with enough free rooms and beds for a search, a page of them in its order
 * and how many in all. The search statement (searchSql in search.repository.ts) is the reference: it states the
 * rules, and answers whenever the kept availability cannot (not kept yet, several cities, a burst of changes); the
 * kept availability is its fast path, the same rules over memory, held to the statement by the comparison test
 * (apps/api/test/search-index.test.ts). A new rule is written in the statement and in query.ts / stay-rooms.ts.
 */
export async function availableStays(
  db: Queryable,
  filter: AvailabilityFilter,
  index?: SearchIndex,
): Promise<{ rows: HitRow[]; total: number; source: AvailabilitySource }> {
  const kept = index ? await index.search(filter) : null;
  if (kept) return { ...kept, source: 'index' };
  const rows = await findAvailableStays(db, filter);
  const total = rows[0] ? Number(rows[0].total) : filter.offset > 0 ? await countAvailableStays(db, filter) : 0;
  return { rows, total, source: 'statement' };
}

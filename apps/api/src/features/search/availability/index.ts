// Availability, one door (available.ts): the search statement (search.repository.ts) is the reference, the availability
// kept per city (ADR 037) its fast path, answering by its rules from memory. columns.ts keeps a city's stays as columns, compact.ts builds a city anew, kept.ts loads
// cities and reads again what changed, query.ts (with stay-rooms.ts and nights.ts) answers a search.
export { SEARCH_INDEX_BYTES, SearchIndex, type SearchIndexOptions } from './kept.ts';
export type { IndexAnswer } from './query.ts';
export { type AvailabilitySource, availableStays } from './available.ts';

// What other features take from search: the dates and party a guest searched with.
export type { SearchState } from './search-params';

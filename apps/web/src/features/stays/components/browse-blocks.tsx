/**
 * The home page's browse blocks before a search (SPEC §2): city cards with counts, stay-type cards with counts,
 * and the most-liked (featured) stays. Choosing a city card calls onCity with the city's query name.
 */
export type BrowseBlocksProps = { onCity: (city: string) => void };

export function BrowseBlocks(_props: BrowseBlocksProps) {
  return null;
}

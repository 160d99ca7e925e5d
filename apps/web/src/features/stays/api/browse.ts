import { CITY_CARDS, STAY_TYPES } from '@repo/shared/constants/domain';
import type { QueryClient } from '@tanstack/react-query';
import { getCityCountsQueryOptions } from './get-city-counts';
import { getFeaturedStaysQueryOptions } from './get-featured-stays';
import { getTypeCountsQueryOptions } from './get-type-counts';

/** The cities of the home page's city cards, as the API spells them. */
export const CITY_QUERIES = CITY_CARDS.map((c) => c.query);

/**
 * Starts the home page's browse-block requests (city counts, type counts, featured stays) without waiting for them:
 * the route loader calls it, so they run while the screen's code loads.
 */
export function prefetchBrowseBlocks(queryClient: QueryClient) {
  void queryClient.prefetchQuery(getCityCountsQueryOptions(CITY_QUERIES));
  void queryClient.prefetchQuery(getTypeCountsQueryOptions(STAY_TYPES));
  void queryClient.prefetchQuery(getFeaturedStaysQueryOptions());
}

import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { searchCopy } from '../copy';

/** The results' placeholder while a search (or the results' own code) loads. */
export function ResultsSkeleton() {
  return <SkeletonGrid count={3} height={190} label={searchCopy.results.loading} />;
}

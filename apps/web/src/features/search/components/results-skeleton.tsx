import { Skeleton, Stack } from '@mantine/core';
import { searchCopy } from '../copy';

/** The results' placeholder while a search (or the results' own code) loads. */
export function ResultsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={searchCopy.results.loading}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={190} radius="lg" />
      ))}
    </Stack>
  );
}

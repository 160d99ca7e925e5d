import { Alert, Box, Button, Collapse, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Pager } from '@/components/ui/pager';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowLeft, IconMoodEmpty } from '@tabler/icons-react';
import { nightsBetween } from '@repo/shared/domain/dates';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useSearchStays } from '../api/search-stays';
import { searchCopy } from '../copy';
import { DEFAULT_FILTERS, type SearchFilters, type SearchState, toSearchQuery } from '../search-params';
import { ResultCard, type SearchHit } from './result-card';
import { ResultsSkeleton } from './results-skeleton';
import { hasActiveFilters, SearchFiltersPanel } from './search-filters';

const r = searchCopy.results;

export type SearchResultsProps = {
  search: SearchState;
  filters: SearchFilters;
  onFiltersChange: (next: SearchFilters) => void;
  /** Leaves the results for the browse blocks (resets the search). */
  onBack: () => void;
  /** Where 'Check availabilty' goes for a hit; null: nowhere (signed out). */
  hrefFor: (hit: SearchHit) => string | null;
  /** What the screen shows on a hit's photo (the save heart), if anything. */
  overlayFor?: (hit: SearchHit) => React.ReactNode;
};

/** The list titled 'List of Stays availble', with filters, sort, pages, an honest empty state and the way back. */
export function SearchResults({ search, filters, onFiltersChange, onBack, hrefFor, overlayFor }: SearchResultsProps) {
  const query = useSearchStays(toSearchQuery(search, filters));
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [filtersOpen, filtersToggle] = useDisclosure(false);
  const data = query.data;
  const nights = nightsBetween(search.checkIn, search.checkOut);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const cityShown = search.city.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase());

  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
      {r.back}
    </Button>
  );

  let body: React.ReactNode;
  if (query.isPending) body = <ResultsSkeleton />;
  else if (query.isError && !data)
    body = (
      <ErrorState
        title={r.errorTitle}
        description={query.error.message}
        onRetry={() => query.refetch()}
        actions={back}
        titleOrder={3}
      />
    );
  else if (data && data.stays.length === 0)
    body = (
      <EmptyState
        icon={<IconMoodEmpty size={28} aria-hidden />}
        title={r.emptyTitle}
        description={hasActiveFilters(filters) ? r.emptyFilteredText : r.emptyText}
        titleOrder={3}
        actions={
          hasActiveFilters(filters) ? (
            <Button onClick={() => onFiltersChange({ ...DEFAULT_FILTERS, sort: filters.sort })}>{r.clearFilters}</Button>
          ) : (
            back
          )
        }
      />
    );
  else if (data)
    body = (
      <Stack
        gap="md"
        // The last results stay shown, dimmed and marked busy, while those of a new sort, filter or page load.
        aria-busy={query.isPlaceholderData}
        data-testid="search-hits"
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        {data.stays.map((hit) => (
          <ResultCard key={hit.id} hit={hit} href={hrefFor(hit)} overlay={overlayFor?.(hit)} />
        ))}
        {pages > 1 ? (
          <Group justify="center" mt="md">
            <Pager
              total={pages}
              value={filters.page}
              onChange={(page) => {
                onFiltersChange({ ...filters, page });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              aria-label={r.page}
            />
          </Group>
        ) : null}
      </Stack>
    );

  return (
    <Stack gap="lg" component="section" aria-labelledby="results-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box>
          <Title order={2} id="results-title">
            {r.title}
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {data ? r.summary(data.total, cityShown, nights) : r.loading}
          </Text>
        </Box>
        {back}
      </Group>
      {query.isError && data ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3.5 }}>
          <Paper withBorder radius="lg" p="md">
            {wide ? (
              <Title order={3} fz="md" mb="md">
                {searchCopy.filters.title}
              </Title>
            ) : (
              <Button
                variant="subtle"
                fullWidth
                justify="center"
                leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                onClick={filtersToggle.toggle}
                aria-expanded={filtersOpen}
                aria-controls="search-filters"
              >
                {filtersOpen ? searchCopy.filters.hide : searchCopy.filters.show}
              </Button>
            )}
            <Collapse expanded={wide || filtersOpen} id="search-filters">
              <Box pt={wide ? 0 : 'md'}>
                <SearchFiltersPanel value={filters} onChange={onFiltersChange} />
              </Box>
            </Collapse>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8.5 }}>{body}</Grid.Col>
      </Grid>
    </Stack>
  );
}

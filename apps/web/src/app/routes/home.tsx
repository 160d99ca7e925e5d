import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { StayType } from '@repo/shared/constants/domain';
import { lazy, Suspense, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { SearchBar, type SearchBarHandle } from '@/features/search/components/search-bar';
import { ResultsSkeleton } from '@/features/search/components/results-skeleton';
import { searchCopy } from '@/features/search/copy';
import {
  DEFAULT_FILTERS,
  hasSearch,
  readSearchFilters,
  readSearchState,
  type SearchState,
  stayQuery,
  writeSearch,
  writeSearchState,
} from '@/features/search/search-params';
import { BrowseBlocks } from '@/features/stays/components/browse-blocks';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';
import { useToken } from '@/lib/auth';
import classes from './home.module.css';

// Told to a guest who has not confirmed their email yet (they could not book): above the browse blocks or the results.
const ConfirmEmailNotice = lazy(() =>
  import('@/features/auth/components/confirm-email-notice').then((m) => ({ default: m.ConfirmEmailNotice })),
);

// The results (list, filters, pages) load only once a search is made; before that the page shows the browse blocks.
const SearchResults = lazy(() =>
  import('@/features/search/components/search-results').then((m) => ({ default: m.SearchResults })),
);

/**
 * Home and search: a hero with the search bar; before a search the browse blocks, after a successful
 * search the results. The search lives in the URL, so it survives a reload and the way back.
 */
export default function HomeScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const token = useToken('guest');
  const searching = hasSearch(params);
  const search = readSearchState(params);
  const filters = readSearchFilters(params);
  const bar = useRef<SearchBarHandle>(null);

  // A search needs a signed-in guest: an anonymous search goes to the login page, which says so and runs the
  // search once the guest has logged in.
  if (searching && !token) return <Navigate to={paths.login.getHref(paths.home.getHref(params.toString()))} replace />;

  const start = (next: SearchState, type: StayType | null = null) => {
    if (!token) {
      navigate(paths.login.getHref(paths.home.getHref(writeSearch(next, DEFAULT_FILTERS).toString())));
      return;
    }
    setParams(writeSearch(next, { ...DEFAULT_FILTERS, type }));
  };

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-brand-8) 0%, var(--mantine-color-brand-6) 60%, var(--mantine-color-brand-4) 100%)',
        }}
        pt={{ base: searching ? 'sm' : 32, sm: 56 }}
        pb={{ base: searching ? 'sm' : 24, sm: 40 }}
      >
        <Container size="lg" px={{ base: 'sm', xs: 'md' }}>
          <Stack gap="lg">
            {/* With results on a phone, the heading stays for screen readers and gives its room to the first result. */}
            <Stack gap={6} maw={720} className={searching ? classes.introWhenSearching : undefined}>
              <Title order={1} id="home-title" c="white" fz={{ base: 28, sm: 40 }} lh={1.15}>
                {searchCopy.hero.title}
              </Title>
              <Text c="brand.0" fz={{ base: 'md', sm: 'lg' }}>
                {searchCopy.hero.subtitle}
              </Text>
            </Stack>
            <SearchBar
              key={searching ? writeSearchState(search).toString() : 'new'}
              initial={search}
              onSearch={start}
              handleRef={bar}
              compact={searching}
            />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: searching ? 'sm' : 'lg', sm: 'xl' }}>
        {searching ? (
          <Suspense fallback={<ResultsSkeleton />}>
            <ConfirmEmailNotice mb="md" />
            <SearchResults
              search={search}
              filters={filters}
              onFiltersChange={(next) => setParams(writeSearch(search, next))}
              onBack={() => setParams(new URLSearchParams())}
              hrefFor={(hit) => (token ? paths.stay.getHref(hit.id, stayQuery(search)) : null)}
              overlayFor={(hit) => (token ? <WishlistHeart stayId={hit.id} stayName={hit.name} /> : null)}
            />
          </Suspense>
        ) : (
          <>
            {/* After login, a guest who has not confirmed their email is told where the link went, before any search. */}
            {token ? (
              <Suspense fallback={null}>
                <ConfirmEmailNotice mb="md" />
              </Suspense>
            ) : null}
            {/* A type card searches that type in the city typed in the bar, or asks for the city first: a search here
            is always of a city (and the results are of stays with free rooms for the dates), so the type alone
            would be a list of the whole country without prices for any dates. */}
            <BrowseBlocks
              onCity={(city) => start({ ...search, city })}
              onType={(type) => bar.current?.searchType(type)}
              // Only a signed-in guest gets hearts (and the request for their saved stays behind them).
              featuredOverlay={token ? (stay) => <WishlistHeart stayId={stay.id} stayName={stay.name} /> : undefined}
            />
          </>
        )}
      </Container>
    </>
  );
}

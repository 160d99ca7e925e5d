import { Box, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { CITY_CARDS, STAY_TYPES, type StayType } from '@repo/shared/constants/domain';
import { imageUrl } from '@repo/shared/domain/images';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { ReactNode } from 'react';
import { EmptyTable } from '@/components/ui/empty-table';
import { QueryState, type QueryStateProps } from '@/components/ui/query-state';
import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { paths } from '@/config/paths';
import { useToken } from '@/lib/auth';
import { CITY_QUERIES } from '../api/browse';
import { useCityCounts } from '../api/get-city-counts';
import { useFeaturedStays } from '../api/get-featured-stays';
import { useTypeCounts } from '../api/get-type-counts';
import { STAYS_COPY } from '../copy';
import { TYPE_ICONS } from '../type-icons';
import classes from './browse-blocks.module.css';
import { StayCard } from './stay-card';

/**
 * The home page's browse blocks before a search: city cards with counts, stay-type cards with counts,
 * and the most-liked (featured) stays. Choosing a city card calls onCity with the city's query name; choosing a type
 * card calls onType with the type (the home page searches that type in the city typed, or asks for the city).
 */
export type BrowseBlocksProps = {
  onCity: (city: string) => void;
  onType: (type: StayType) => void;
  /** What the screen shows on a most-liked card's photo (the save heart), if anything. */
  featuredOverlay?: (stay: StayDto) => ReactNode;
};

/** City cards in the first row on a phone (two columns). */
const CITY_CARDS_FIRST_ROW = 2;
/** Two full rows of four on a wide screen. */
const FEATURED_MAX = 8;
const c = STAYS_COPY.browse;

const CITY_GRADIENTS: Record<string, string> = {
  bengaluru: 'linear-gradient(160deg, #2f9e44 0%, #1c64d9 100%)',
  chennai: 'linear-gradient(160deg, #f59f00 0%, #e8590c 100%)',
  hyderabad: 'linear-gradient(160deg, #ae3ec9 0%, #1c64d9 100%)',
  vizag: 'linear-gradient(160deg, #15aabf 0%, #0f4bc1 100%)',
};

export function BrowseBlocks({ onCity, onType, featuredOverlay }: BrowseBlocksProps) {
  const cityCounts = useCityCounts(CITY_QUERIES);
  const typeCounts = useTypeCounts(STAY_TYPES);
  const featured = useFeaturedStays();
  const guest = useToken('guest');

  const cityImage = (city: string) => featured.data?.find((s) => s.city === city && s.hotelImage)?.hotelImage ?? null;

  return (
    <Stack gap={48}>
      <Block title={c.citiesTitle} subtitle={c.citiesSubtitle} id="browse-cities">
        <BlockQuery
          query={cityCounts}
          skeleton={<SkeletonGrid count={4} height={180} cols={{ base: 2, sm: 4 }} label={c.loading} />}
        >
          {(counts) => (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              {CITY_CARDS.map((city, i) => {
                const count = counts[i] ?? 0;
                const image = cityImage(city.query);
                return (
                  <UnstyledButton
                    key={city.query}
                    onClick={() => onCity(city.query)}
                    aria-label={c.cityCardLabel(city.name, count)}
                    data-testid="city-card"
                    style={{
                      position: 'relative',
                      overflow: 'hidden',
                      borderRadius: 'var(--mantine-radius-lg)',
                      aspectRatio: '4 / 3.4',
                      background: image ? 'var(--mantine-color-gray-3)' : CITY_GRADIENTS[city.query],
                      boxShadow: 'var(--mantine-shadow-sm)',
                    }}
                  >
                    {image ? (
                      // The first screenful's largest picture: fetched at once and first (the page's LCP on phones).
                      <img
                        src={imageUrl(image.key, 'sm')}
                        alt=""
                        width={image.width}
                        height={image.height}
                        fetchPriority={i < CITY_CARDS_FIRST_ROW ? 'high' : undefined}
                        decoding="async"
                        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    ) : null}
                    <Box
                      aria-hidden
                      style={{
                        position: 'absolute',
                        inset: 0,
                        background: 'linear-gradient(180deg, rgba(0,0,0,0) 35%, rgba(0,0,0,0.72) 100%)',
                      }}
                    />
                    <Stack gap={0} style={{ position: 'absolute', left: 16, right: 16, bottom: 14 }}>
                      <Text c="white" fw={700} fz={{ base: 'lg', sm: 22 }} lh={1.2}>
                        {city.name}
                      </Text>
                      <Text c="white" size="sm" opacity={0.92} data-testid="city-count">
                        {c.properties(count)}
                      </Text>
                    </Stack>
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          )}
        </BlockQuery>
      </Block>

      <Block title={c.typesTitle} subtitle={c.typesSubtitle} id="browse-types">
        <BlockQuery
          query={typeCounts}
          skeleton={<SkeletonGrid count={5} height={112} cols={{ base: 2, xs: 3, md: 5 }} label={c.loading} />}
        >
          {(counts) => (
            <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="md">
              {STAY_TYPES.map((type, i) => {
                const Icon = TYPE_ICONS[type];
                return (
                  <Paper
                    key={type}
                    component="button"
                    type="button"
                    onClick={() => onType(type)}
                    aria-label={c.typeCardLabel(type, counts[i] ?? 0)}
                    withBorder
                    radius="lg"
                    p="md"
                    data-testid="type-card"
                    className={classes.typeCard}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Box
                        aria-hidden
                        style={{
                          display: 'grid',
                          placeItems: 'center',
                          width: 44,
                          height: 44,
                          flexShrink: 0,
                          borderRadius: 'var(--mantine-radius-md)',
                          background: 'var(--mantine-color-brand-0)',
                          color: 'var(--mantine-color-brand-7)',
                        }}
                      >
                        <Icon size={24} stroke={1.6} />
                      </Box>
                      <div>
                        <Text fw={600} fz="md">
                          {type}
                        </Text>
                        <Text size="sm" c="dimmed" data-testid="type-count">
                          {c.properties(counts[i] ?? 0)}
                        </Text>
                      </div>
                    </Group>
                  </Paper>
                );
              })}
            </SimpleGrid>
          )}
        </BlockQuery>
      </Block>

      <Block title={c.featuredTitle} subtitle={c.featuredSubtitle} id="browse-featured">
        <BlockQuery
          query={featured}
          skeleton={<SkeletonGrid count={4} height={300} cols={{ base: 1, xs: 2, md: 4 }} label={c.loading} />}
        >
          {(stays: StayDto[]) =>
            stays.length === 0 ? (
              <EmptyTable>{c.noFeatured}</EmptyTable>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                {stays.slice(0, FEATURED_MAX).map((stay) => (
                  <StayCard
                    key={stay.id}
                    stay={stay}
                    href={guest ? paths.stay.getHref(stay.id) : undefined}
                    overlay={featuredOverlay?.(stay)}
                  />
                ))}
              </SimpleGrid>
            )
          }
        </BlockQuery>
      </Block>
    </Stack>
  );
}

function Block({ title, subtitle, id, children }: { title: string; subtitle: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Text c="dimmed" mb="md">
        {subtitle}
      </Text>
      {children}
    </Box>
  );
}

/** A block's query: its skeleton while loading, the error with a retry, then the block's content. */
function BlockQuery<T>(props: Pick<QueryStateProps<T>, 'query' | 'skeleton' | 'children'>) {
  return <QueryState errorTitle={c.loadError} recover={{ retry: c.retry }} {...props} />;
}

import { AspectRatio, Badge, Box, Button, Card, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhoto } from '@tabler/icons-react';
import { formatRupees } from '@repo/shared/domain/money';
import type { SearchResult } from '@repo/shared/schemas/search';
import { imageUrl } from '@repo/shared/domain/images';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { RatingBadge } from '@/components/ui/rating-badge';
import { searchCopy } from '../copy';
import type { ResultsState } from '../search-params';

export type SearchHit = SearchResult['stays'][number];
const c = searchCopy.card;

const cityName = (city: string) => city.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase());

function HitImage({ hit }: { hit: SearchHit }) {
  if (!hit.hotelImage) {
    return (
      <AspectRatio ratio={16 / 10} h="100%">
        <Box
          role="img"
          aria-label={`${hit.name}: ${c.noPhoto}`}
          style={{
            background: 'linear-gradient(135deg, var(--mantine-color-brand-1), var(--mantine-color-brand-3))',
            display: 'grid',
            placeItems: 'center',
            color: 'var(--mantine-color-brand-7)',
          }}
        >
          <Stack align="center" gap={4}>
            <IconPhoto size={32} aria-hidden />
            <Text size="xs">{c.noPhoto}</Text>
          </Stack>
        </Box>
      </AspectRatio>
    );
  }
  const { key, width, height } = hit.hotelImage;
  return (
    <AspectRatio ratio={16 / 10} h="100%">
      <Image
        src={imageUrl(key, 'sm')}
        srcSet={`${imageUrl(key, 'sm')} 480w, ${imageUrl(key, 'md')} 960w`}
        sizes="(min-width: 62em) 320px, 100vw"
        alt={hit.name}
        loading="lazy"
        width={width}
        height={height}
        fit="cover"
        h="100%"
      />
    </AspectRatio>
  );
}

/**
 * One search result: photo, name, description, city and distance, amenities, the lowest free price per
 * night 'Inclusive Of all taxes', rating and experience, and 'Check availabilty' — which opens the stay with the
 * search's dates and rooms when `href` is given (a signed-in guest) and does nothing otherwise. `overlay` (the
 * screen's save heart) sits on the photo's corner.
 */
export function ResultCard({ hit, href, overlay }: { hit: SearchHit; href: string | null; overlay?: ReactNode }) {
  // The stay page's Back returns to these exact results (filters, sort and page included).
  const location = useLocation();
  const state: ResultsState = { from: `${location.pathname}${location.search}` };
  const action = href ? (
    <Button component={Link} to={href} state={state} aria-label={`${c.checkAvailability}: ${hit.name}`}>
      {c.checkAvailability}
    </Button>
  ) : (
    <Button type="button" aria-label={`${c.checkAvailability}: ${hit.name}`}>
      {c.checkAvailability}
    </Button>
  );
  return (
    <Card component="article" padding={0} shadow="xs" aria-labelledby={`hit-${hit.id}`}>
      <Grid gap={0}>
        <Grid.Col span={{ base: 12, sm: 4 }} pos="relative">
          <HitImage hit={hit} />
          {overlay ? (
            <Box pos="absolute" top={10} right={10}>
              {overlay}
            </Box>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="xs" p="md" h="100%">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Box>
                <Title order={3} fz="lg" id={`hit-${hit.id}`}>
                  {hit.name}
                </Title>
                {/* The pin stays beside the first line of its text, however the text wraps. */}
                <Group gap={4} c="dimmed" mt={2} wrap="nowrap" align="flex-start" data-testid="hit-place">
                  <IconMapPin size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                  <Text size="sm">
                    {cityName(hit.city)} · {c.distance(hit.distance)}
                  </Text>
                </Group>
              </Box>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <RatingBadge rating={hit.rating} size="lg" />
                {hit.experience ? (
                  <Text size="xs" fw={600} c="brand.8">
                    {hit.experience}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            {hit.description ? (
              <Text size="sm" lineClamp={2}>
                {hit.description}
              </Text>
            ) : null}
            {hit.amenities.length ? (
              <Group gap={6}>
                {hit.amenities.map((a) => (
                  <Badge key={a} variant="light" color="gray" radius="sm" tt="none" fw={500}>
                    {a}
                  </Badge>
                ))}
              </Group>
            ) : null}
            <Group justify="space-between" align="flex-end" mt="auto" pt="xs" gap="sm">
              <Box>
                <Text size="xs" c={hit.freeRooms <= 2 ? 'red.9' : 'teal.9'} fw={600}>
                  {c.freeRooms(hit.freeRooms)}
                </Text>
                <Text>
                  <Text span fw={700} fz={22}>
                    {formatRupees(hit.lowestPrice)}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {c.perNight}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed" data-testid="result-total">
                  {c.total(formatRupees(hit.lowestTotal))} · {c.taxes}
                </Text>
              </Box>
              {action}
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

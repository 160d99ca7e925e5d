import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Divider,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { formatRupees } from '@repo/shared/domain/money';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { RatingBadge } from '@/components/ui/rating-badge';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { ConfirmEmailNotice, ConfirmToBook } from '@/features/auth/components/confirm-email-notice';
import { SelectRoom } from '@/features/bookings/components/select-room';
import { useLowestPrice } from '@/features/bookings/use-lowest-price';
import { PolicyNote } from '@/features/cancellation/components/policy-note';
import { hasSearch, readSearchState, resultsHrefOf, type SearchState, writeSearchState } from '@/features/search/search-params';
import { useStay } from '@/features/stays/api/get-stay';
import { cityLabel } from '@/features/stays/city-label';
import { AmenityBadges } from '@/features/stays/components/amenity-badges';
import { StayGallery } from '@/features/stays/components/stay-gallery';
import { StaySeller } from '@/features/stays/components/stay-seller';
import { STAYS_COPY } from '@/features/stays/copy';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { ApiError } from '@/lib/api-client';
import { ScreenPending } from '../layouts/guest-layout';

// Below the fold: its code loads after the top of the page has painted.
const StayReviews = lazy(() => import('@/features/reviews/components/stay-reviews').then((m) => ({ default: m.StayReviews })));

const c = STAYS_COPY.stay;

/**
 * /hotels/:id — the stay page. City, dates and guests come from the URL (?city=&checkIn=&checkOut=&adults=&children=
 * &rooms=; without them, today to tomorrow for 1 adult in 1 room). Back returns to the results the guest came from
 * (with their filters and page), else to the URL's search, else home.
 */
export default function StayScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const search = readSearchState(params);
  const stay = useStay(id);
  // The guest's billing address prefills the room dialog's (the guest layout has loaded the profile already).
  const me = useMe();
  // The name, price and photos paint first; the rest of the page right after (it holds the footer back meanwhile).
  const restShown = useAfterFirstPaint();
  const backHref =
    resultsHrefOf(location.state) ??
    (hasSearch(params) ? paths.home.getHref(writeSearchState(search).toString()) : paths.home.getHref());

  const onSearchChange = (next: SearchState) => {
    const p = writeSearchState(next);
    if (!next.city) p.delete('city');
    // The way back to the results (history state) is kept.
    setParams(p, { replace: true, state: location.state });
  };

  const back = (
    <Anchor component={Link} to={backHref} size="sm" fw={500}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {c.back}
      </Group>
    </Anchor>
  );

  if (stay.isPending) {
    return (
      <Container size="lg" py="lg" role="status" aria-busy="true" aria-label={c.loading}>
        {back}
        <Skeleton height={36} width="50%" mt="md" />
        <Skeleton height={18} width="35%" mt="sm" />
        <Skeleton height={320} mt="lg" radius="lg" />
        <Grid mt="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton height={160} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton height={220} radius="lg" />
          </Grid.Col>
        </Grid>
      </Container>
    );
  }

  if (stay.isError) {
    const missing = stay.error instanceof ApiError && (stay.error.status === 404 || stay.error.status === 400);
    return (
      <Container size="sm" py="xl">
        {back}
        <Card mt="lg" p="xl">
          <Stack align="center" gap="sm" ta="center">
            <IconAlertCircle size={40} color="var(--mantine-color-red-6)" aria-hidden />
            <Title order={1} fz={24}>
              {missing ? c.notFound : c.loadError}
            </Title>
            <Text c="dimmed">{missing ? c.notFoundHint : stay.error.message}</Text>
            {missing ? (
              <Button component={Link} to={paths.home.getHref()}>
                {c.backHome}
              </Button>
            ) : (
              <Button onClick={() => stay.refetch()}>{c.retry}</Button>
            )}
          </Stack>
        </Card>
      </Container>
    );
  }

  const s = stay.data;
  const images = [...(s.hotelImage ? [s.hotelImage] : []), ...s.roomImages.filter((i) => i.key !== s.hotelImage?.key)];

  return (
    <Container size="lg" py="lg">
      {back}
      <ConfirmEmailNotice mt="md" />
      <Stack gap={6} mt="md">
        <Group gap="xs">
          <Badge variant="light" radius="sm">
            {s.type}
          </Badge>
          {s.title && (
            <Text size="sm" c="dimmed">
              {s.title}
            </Text>
          )}
        </Group>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {s.name}
          </Title>
          <WishlistHeart stayId={s.id} stayName={s.name} size="xl" />
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text>
            {s.address}
            {s.distance > 0 && (
              <Text span c="dimmed">
                {' '}
                · {s.distance} {c.kmsFromCentre}
              </Text>
            )}
          </Text>
        </Group>
        <Text fw={600} c="brand.7" fz="lg">
          <LowestPrice stayId={s.id} search={search} fallback={s.lowestPrice} />
        </Text>
      </Stack>

      <Box component="section" aria-label={c.gallery} mt="lg">
        <StayGallery images={images} name={s.name} />
      </Box>

      {!restShown ? (
        <ScreenPending />
      ) : (
        <Grid mt="lg" gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl">
              <section aria-labelledby="stay-overview">
                <Title order={2} fz={22} id="stay-overview" mb="xs">
                  {c.overview}
                </Title>
                {s.description && (
                  <Text fw={500} mb="xs">
                    {s.description}
                  </Text>
                )}
                <Text style={{ whiteSpace: 'pre-line' }} c="dark.5">
                  {s.overview}
                </Text>
              </section>
              <section aria-labelledby="stay-amenities">
                <Title order={2} fz={22} id="stay-amenities" mb="sm">
                  {c.amenities}
                </Title>
                <AmenityBadges amenities={s.amenities} />
              </section>
              <Suspense fallback={null}>
                <StayReviews stayId={s.id} />
              </Suspense>
              {s.seller ? <StaySeller seller={s.seller} /> : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Card shadow="sm" p="lg" style={{ position: 'sticky', top: 88 }} data-testid="stay-side-card">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text c="dimmed" size="sm">
                    {c.city}
                  </Text>
                  <Text fw={600}>{cityLabel(s.city)}</Text>
                </Group>
                <Group justify="space-between">
                  <Text c="dimmed" size="sm">
                    {c.rating}
                  </Text>
                  <Group gap={6}>
                    <RatingBadge rating={s.rating} />
                    {s.experience ? <Text fw={600}>{s.experience}</Text> : null}
                  </Group>
                </Group>
                <Divider />
                {/* The total (price × nights × rooms) and the room dialog share the ticked rooms. */}
                <SelectRoom
                  stay={s}
                  search={search}
                  onSearchChange={onSearchChange}
                  profile={me.data}
                  profilePending={me.isPending}
                  // Until the email is confirmed the dialog offers the link again instead of Pay Now.
                  bookingBlock={me.data?.emailConfirmed === false ? <ConfirmToBook /> : undefined}
                />
                {/* Worded without dates until the guest has chosen them (the page's own default dates are not a choice). */}
                <PolicyNote policy={s.cancellationPolicy} checkIn={params.get('checkIn') ? search.checkIn : undefined} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {stay.isRefetchError && (
        <Alert mt="md" color="yellow" variant="light">
          {c.loadError}
        </Alert>
      )}
    </Container>
  );
}

/** 'Book this Stay for just ₹…/day' with the price for the search's dates (features/bookings/use-lowest-price.ts). */
function LowestPrice({ stayId, search, fallback }: { stayId: string; search: SearchState; fallback: number }) {
  return <span data-testid="stay-lowest-price">{c.bookFor(formatRupees(useLowestPrice(stayId, search, fallback)))}</span>;
}

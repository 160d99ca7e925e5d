import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { formatRupees } from '@repo/shared/domain/money';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingBadge } from '@/components/ui/rating-badge';
import { STAYS_COPY } from '../copy';
import { cityLabel } from '../city-label';
import { StayImage } from './stay-image';

/**
 * A compact stay card (home 'most-liked' block): photo, name, city, rating and the lowest price. `overlay` (the
 * screen's save heart) sits on the photo's corner, beside the card's link rather than inside it.
 */
export function StayCard({ stay, href, overlay }: { stay: StayDto; href?: string; overlay?: ReactNode }) {
  const c = STAYS_COPY.browse;
  const linkProps = href ? { component: Link, to: href } : {};
  const card = (
    <Card padding={0} shadow="xs" h="100%" {...(linkProps as object)} aria-label={href ? stay.name : undefined}>
      <StayImage
        image={stay.hotelImage}
        alt={stay.name}
        ratio={4 / 3}
        radius="0"
        sizes="(min-width: 62em) 25vw, (min-width: 36em) 50vw, 100vw"
      />
      <Stack gap={6} p="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} lineClamp={2} component="h3" fz="md" m={0} title={stay.name}>
            {stay.name}
          </Text>
          <RatingBadge rating={stay.rating} />
        </Group>
        <Group gap={4} c="dimmed">
          <IconMapPin size={14} aria-hidden />
          <Text size="sm">{cityLabel(stay.city)}</Text>
        </Group>
        <Text size="sm" mt="auto">
          <Text span c="dimmed" size="xs">
            {c.startingFrom}{' '}
          </Text>
          <Text span fw={700} size="lg">
            {formatRupees(stay.lowestPrice)}
          </Text>
          <Text span c="dimmed" size="xs">
            {c.perNight}
          </Text>
        </Text>
      </Stack>
    </Card>
  );
  if (!overlay) return card;
  return (
    <Box pos="relative" h="100%">
      {card}
      <Box pos="absolute" top={10} right={10}>
        {overlay}
      </Box>
    </Box>
  );
}

import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { formatRupees } from '@repo/shared/domain/money';
import type { StayDto } from '@repo/shared/schemas/stay';
import { Link } from 'react-router';
import { STAYS_COPY } from '../copy';
import { cityLabel } from '../city-label';
import { StayImage } from './stay-image';

/** A compact stay card (home 'most-liked' block): photo, name, city, rating and the lowest price. */
export function StayCard({ stay, href }: { stay: StayDto; href?: string }) {
  const c = STAYS_COPY.browse;
  const linkProps = href ? { component: Link, to: href } : {};
  return (
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
          <Badge
            variant="filled"
            color="brand"
            radius="sm"
            leftSection={<IconStarFilled size={10} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {STAYS_COPY.rating(stay.rating)}
          </Badge>
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
}

import { Badge, Group, Text } from '@mantine/core';
import { IconBarbell, IconBath, IconCar, IconCoffee, IconParking, IconWifi } from '@tabler/icons-react';
import type { Amenity } from '@repo/shared/constants/domain';
import { STAYS_COPY } from '../copy';

const ICONS: Record<Amenity, typeof IconWifi> = {
  'Free Wifi': IconWifi,
  Breakfast: IconCoffee,
  'Cab service': IconCar,
  Spa: IconBath,
  Gym: IconBarbell,
  Parking: IconParking,
};

/** The stay's amenity labels, each with an icon. */
export function AmenityBadges({ amenities, size = 'lg' }: { amenities: readonly Amenity[]; size?: 'sm' | 'md' | 'lg' }) {
  if (amenities.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {STAYS_COPY.stay.noAmenities}
      </Text>
    );
  }
  return (
    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {amenities.map((a) => {
        const Icon = ICONS[a];
        return (
          <Badge
            key={a}
            component="li"
            size={size}
            variant="light"
            radius="sm"
            tt="none"
            fw={500}
            leftSection={<Icon size={14} aria-hidden />}
          >
            {a}
          </Badge>
        );
      })}
    </Group>
  );
}

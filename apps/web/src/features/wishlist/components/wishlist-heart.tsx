import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useWishlistIds } from '../api/get-wishlist';
import { useToggleWishlist } from '../api/toggle-wishlist';
import { WISHLIST_COPY } from '../copy';

export type WishlistHeartProps = {
  stayId: string;
  stayName: string;
  size?: ActionIconProps['size'];
};

/**
 * The heart that saves a stay for the signed-in guest: a toggle button (aria-pressed) named after the stay. It fills
 * at once on a click and empties again, with a toast, when the server refuses.
 */
export function WishlistHeart({ stayId, stayName, size = 'lg' }: WishlistHeartProps) {
  const ids = useWishlistIds();
  const toggle = useToggleWishlist();
  const saved = ids.data?.has(stayId) ?? false;
  const Icon = saved ? IconHeartFilled : IconHeart;
  return (
    <ActionIcon
      variant="white"
      color="red.7"
      radius="xl"
      size={size}
      aria-label={WISHLIST_COPY.heart.save(stayName)}
      aria-pressed={saved}
      disabled={ids.isPending}
      onClick={() => toggle.mutate({ stayId, stayName, save: !saved })}
      style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
    >
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
}

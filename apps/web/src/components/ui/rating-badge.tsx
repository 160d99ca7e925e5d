import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { common } from '@/copy/common';

export type RatingBadgeProps = {
  /** A rating out of 10; null for a stay not rated yet ('New'). */
  rating: number | null;
  /** `lg` on a search result, `md` elsewhere. */
  size?: Extract<BadgeProps['size'], 'md' | 'lg'>;
};

/**
 * A rating as a filled star badge ('8.5/10'), the one look of a rating across the app. Screen readers hear
 * 'Rated 8.5 out of 10' instead of the short text. A stay not rated yet shows 'New' (no star, no number).
 */
export function RatingBadge({ rating, size = 'md' }: RatingBadgeProps) {
  if (rating === null)
    return (
      <Badge color="gray.7" variant="outline" radius="sm" size={size} style={{ flexShrink: 0 }} data-testid="rating-badge">
        <span aria-hidden>{common.rating.new}</span>
        <VisuallyHidden>{common.rating.newLabel}</VisuallyHidden>
      </Badge>
    );
  return (
    <Badge
      color="brand"
      variant="filled"
      radius="sm"
      size={size}
      leftSection={<IconStarFilled size={size === 'lg' ? 12 : 10} aria-hidden />}
      style={{ flexShrink: 0 }}
      data-testid="rating-badge"
    >
      <span aria-hidden>{common.rating.short(rating)}</span>
      <VisuallyHidden>{common.rating.label(rating)}</VisuallyHidden>
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The badge's text colour: near-black on every colour's light background (a colour's darkest shade, e.g. green 9 on
 * light green, is about 4:1, under the 4.5:1 small text needs); the background carries the colour.
 */
const TINT_TEXT = 'var(--mantine-color-dark-8)';

/** A state in words on a light background of its colour, readable (WCAG AA) whatever the colour, never cut short. */
export function TintBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      styles={{
        root: { '--badge-color': TINT_TEXT, textTransform: 'none', maxWidth: 'none', flexShrink: 0 },
        label: { overflow: 'visible', color: TINT_TEXT },
      }}
    >
      {children}
    </Badge>
  );
}

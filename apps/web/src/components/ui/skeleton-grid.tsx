import { type MantineRadius, type MantineSpacing, SimpleGrid, type SimpleGridProps, Skeleton } from '@mantine/core';

export type SkeletonGridProps = {
  count: number;
  height: number;
  /** What is loading, for screen readers (the grid is marked busy). */
  label: string;
  /** Columns, also per breakpoint; one column when absent. */
  cols?: SimpleGridProps['cols'];
  spacing?: MantineSpacing;
  radius?: MantineRadius;
};

/** Grey placeholders of the cards or rows that are loading. */
export function SkeletonGrid({ count, height, label, cols = 1, spacing = 'md', radius = 'lg' }: SkeletonGridProps) {
  return (
    <SimpleGrid cols={cols} spacing={spacing} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <Skeleton key={i} height={height} radius={radius} />
      ))}
    </SimpleGrid>
  );
}

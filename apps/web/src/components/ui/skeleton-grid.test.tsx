import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render';
import { SkeletonGrid } from './skeleton-grid';

describe('SkeletonGrid', () => {
  it('shows the placeholders in one grid marked busy and named for screen readers', () => {
    renderUi(<SkeletonGrid count={3} height={44} label="Loading rooms" />);
    const grid = screen.getByRole('status', { name: 'Loading rooms' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(grid.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
  });
});

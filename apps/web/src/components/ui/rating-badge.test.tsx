import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render';
import { RatingBadge } from './rating-badge';

describe('RatingBadge', () => {
  it('shows the rating out of 10 with one decimal when it has one, and reads it out in words', () => {
    const { unmount } = renderUi(<RatingBadge rating={8.6} />);
    const badge = screen.getByTestId('rating-badge');
    expect(screen.getByText('8.6/10')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Rated 8.6 out of 10')).toBeInTheDocument();
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    unmount();
    renderUi(<RatingBadge rating={9} size="lg" />);
    expect(screen.getByText('9/10')).toBeInTheDocument();
    expect(screen.getByText('Rated 9 out of 10')).toBeInTheDocument();
  });

  it('is the only rating badge markup: every screen with a rating star uses it', async () => {
    // The star icon appears in this component only (see the repo grep in the test name's rule).
    const sources = import.meta.glob(['/src/**/*.tsx', '!/src/**/*.test.tsx', '!/src/components/ui/rating-badge.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    const withStar = Object.entries(sources)
      .filter(([, text]) => text.includes('IconStarFilled'))
      .map(([file]) => file);
    expect(withStar).toEqual([]);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });
});

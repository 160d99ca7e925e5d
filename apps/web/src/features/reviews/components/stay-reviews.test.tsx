import type { ReviewDto } from '@repo/shared/schemas/review';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { StayReviews } from './stay-reviews';

const STAY = '00000000-0000-4000-8000-000000000002';
const review = (n: number, fields: Partial<ReviewDto> = {}): ReviewDto => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  stayId: STAY,
  bookingId: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
  firstName: `Guest${n}`,
  rating: 8,
  body: `Review number ${n}`,
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: null,
  ...fields,
});

describe('StayReviews (stay page)', () => {
  it("lists each review's first name, rating, date, text and the owner's reply, and pages through them", async () => {
    localStorage.setItem('loginToken', fakeToken());
    const first = [
      review(1, { rating: 9, reply: 'Thanks for staying with us', repliedAt: '2026-11-22T05:00:00.000Z' }),
      ...Array.from({ length: 9 }, (_, i) => review(i + 2)),
    ];
    const api = mockApi({
      [`GET /api/stays/${STAY}/reviews`]: (req) =>
        req.url.searchParams.get('page') === '2'
          ? { body: { reviews: [review(11, { firstName: 'Lakshmi' })], page: 2, pageSize: 10, total: 11 } }
          : { body: { reviews: first, page: 1, pageSize: 10, total: 11 } },
    });
    renderRoute(<StayReviews stayId={STAY} />);
    const item = await screen.findByRole('article', { name: 'Guest1 · Rated 9 out of 10' });
    expect(within(item).getByText('9/10')).toBeInTheDocument();
    expect(within(item).getByText('Reviewed on 20/11/2026')).toBeInTheDocument();
    expect(within(item).getByText('Review number 1')).toBeInTheDocument();
    expect(within(item).getByTestId('owner-reply')).toHaveTextContent("Owner's reply · 22/11/2026Thanks for staying with us");
    expect(screen.getByText('11 reviews')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(api.calls[0]?.headers.get('authorization')).toMatch(/^Bearer /);

    await userEvent.setup().click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('article', { name: 'Lakshmi · Rated 8 out of 10' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('says when a guest edited their review', async () => {
    localStorage.setItem('loginToken', fakeToken());
    mockApi({
      [`GET /api/stays/${STAY}/reviews`]: {
        body: {
          reviews: [review(1, { updatedAt: '2026-11-22T05:00:00.000Z' }), review(2)],
          page: 1,
          pageSize: 10,
          total: 2,
        },
      },
    });
    renderRoute(<StayReviews stayId={STAY} />);
    const edited = await screen.findByRole('article', { name: 'Guest1 · Rated 8 out of 10' });
    expect(within(edited).getByTestId('review-edited')).toHaveTextContent('Edited on 22/11/2026');
    expect(edited).toHaveTextContent('Reviewed on 20/11/2026 · Edited on 22/11/2026');
    const untouched = screen.getByRole('article', { name: 'Guest2 · Rated 8 out of 10' });
    expect(within(untouched).queryByTestId('review-edited')).not.toBeInTheDocument();
    expect(untouched).not.toHaveTextContent('Edited');
  });

  it('says when a stay has no reviews yet', async () => {
    localStorage.setItem('loginToken', fakeToken());
    mockApi({ [`GET /api/stays/${STAY}/reviews`]: { body: { reviews: [], page: 1, pageSize: 10, total: 0 } } });
    renderRoute(<StayReviews stayId={STAY} />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
  });
});

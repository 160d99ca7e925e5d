import type { ReviewDto } from '@repo/shared/schemas/review';
import { REVIEW_MSG } from '@repo/shared/schemas/review';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { AdminStayReviews } from './admin-stay-reviews';

const STAY = '00000000-0000-4000-8000-000000000002';
const open: ReviewDto = {
  id: '00000000-0000-4000-8000-000000000101',
  stayId: STAY,
  bookingId: '00000000-0000-4000-8000-000000000201',
  firstName: 'Rahul',
  rating: 6,
  body: 'Slow breakfast',
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: null,
};
const answered: ReviewDto = {
  ...open,
  id: '00000000-0000-4000-8000-000000000102',
  firstName: 'Asha',
  reply: 'Thank you',
  repliedAt: '2026-11-21T05:00:00.000Z',
};

describe('AdminStayReviews (admin stay page)', () => {
  it('offers one reply form per review without a reply, checks it, and posts the reply', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let replied = false;
    const api = mockApi({
      [`GET /api/admin/stays/${STAY}/reviews`]: () => ({
        body: {
          reviews: [replied ? { ...open, reply: 'We hired a new chef' } : open, answered],
          page: 1,
          pageSize: 10,
          total: 2,
        },
      }),
      [`POST /api/admin/reviews/${open.id}/reply`]: (req) => {
        replied = true;
        return { body: { review: { ...open, reply: (req.body as { reply: string }).reply } } };
      },
    });
    const user = userEvent.setup();
    renderRoute(<AdminStayReviews stayId={STAY} />);
    const item = await screen.findByRole('article', { name: 'Rahul · Rated 6 out of 10' });
    const done = screen.getByRole('article', { name: 'Asha · Rated 6 out of 10' });
    expect(within(done).queryByRole('button', { name: 'Post reply' })).not.toBeInTheDocument();
    expect(within(done).getByTestId('owner-reply')).toHaveTextContent('Thank you');

    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    expect(await within(item).findByText(REVIEW_MSG.replyRequired)).toBeInTheDocument();
    await user.type(within(item).getByRole('textbox', { name: 'Your reply' }), 'We hired a new chef');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(api.callsTo(`POST /api/admin/reviews/${open.id}/reply`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/admin/reviews/${open.id}/reply`)[0]?.body).toEqual({ reply: 'We hired a new chef' });
    await waitFor(() => expect(within(item).getByTestId('owner-reply')).toHaveTextContent('We hired a new chef'));
    expect(within(item).queryByRole('button', { name: 'Post reply' })).not.toBeInTheDocument();
  });
});

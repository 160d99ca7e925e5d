import type { BookingDto } from '@repo/shared/schemas/booking';
import { REVIEW_MSG } from '@repo/shared/schemas/review';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { OrderReview } from './order-review';

const TODAY = '2026-11-23';
const order = aBooking({ from: '2026-11-18', to: '2026-11-20', createdAt: '2026-11-01T05:00:00.000Z' });
const render = (o: BookingDto) => renderRoute(<OrderReview order={o} today={TODAY} />);

describe('OrderReview (My Orders)', () => {
  it("offers 'Write a review' only on a confirmed booking whose check-out date has passed", () => {
    mockApi({});
    const { unmount } = render(order);
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeInTheDocument();
    unmount();
    for (const o of [
      { ...order, to: TODAY },
      { ...order, to: '2026-11-30' },
      { ...order, status: 'cancelled' as const },
    ]) {
      const view = render(o);
      expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('checks the rating and the text under their fields, then posts the review', async () => {
    const api = mockApi({
      'POST /api/bookings/00000000-0000-4000-8000-000000000001/review': (req) => ({
        status: 201,
        body: { review: { id: '00000000-0000-4000-8000-000000000009', ...(req.body as object) } },
      }),
      'GET /api/me/bookings': { body: { bookings: [] } },
    });
    const user = userEvent.setup();
    render(order);
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your stay' });
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText(REVIEW_MSG.ratingRange)).toBeInTheDocument();
    expect(within(dialog).getByText(REVIEW_MSG.bodyRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Your rating/ }), '9');
    await user.type(within(dialog).getByRole('textbox', { name: /Your review/ }), 'Quiet rooms and a lovely lake view');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(api.callsTo('POST /api/bookings/00000000-0000-4000-8000-000000000001/review')).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({ rating: 9, body: 'Quiet rooms and a lovely lake view' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message under the field when the review is refused", async () => {
    mockApi({
      'POST /api/bookings/00000000-0000-4000-8000-000000000001/review': {
        status: 400,
        body: {
          message: 'Please check the highlighted fields',
          fieldErrors: { body: 'A review can not exceed 2000 characters' },
        },
      },
    });
    const user = userEvent.setup();
    render(order);
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your stay' });
    await user.type(within(dialog).getByRole('textbox', { name: /Your rating/ }), '7');
    await user.type(within(dialog).getByRole('textbox', { name: /Your review/ }), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText('A review can not exceed 2000 characters')).toBeInTheDocument();
  });

  it('shows the review of a reviewed booking instead of the button, with the reply and a link to the stay', () => {
    mockApi({});
    render({
      ...order,
      review: {
        id: '00000000-0000-4000-8000-000000000009',
        rating: 8,
        body: 'Great breakfast',
        reply: 'Thank you!',
        createdAt: '2026-11-21T05:00:00.000Z',
      },
    });
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
    const mine = screen.getByTestId('my-review');
    expect(within(mine).getByText('Your review')).toBeInTheDocument();
    expect(within(mine).getByText('8/10')).toBeInTheDocument();
    expect(within(mine).getByText('Great breakfast')).toBeInTheDocument();
    expect(within(mine).getByText(/Thank you!/)).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'See it on the stay page' })).toHaveAttribute(
      'href',
      '/hotels/00000000-0000-4000-8000-000000000002',
    );
  });
});

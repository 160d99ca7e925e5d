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
        updatedAt: null,
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

  const reviewed = {
    ...order,
    review: {
      id: '00000000-0000-4000-8000-000000000009',
      rating: 6,
      body: 'Slow breakfast',
      reply: 'We have a new chef now.',
      createdAt: '2026-11-21T05:00:00.000Z',
      updatedAt: null,
    },
  };
  const REVIEW_URL = 'api/bookings/00000000-0000-4000-8000-000000000001/review';

  it('edits the review in the same dialog, filled with it and checked by the same rules', async () => {
    const api = mockApi({
      [`PUT /${REVIEW_URL}`]: (req) => ({ body: { review: { ...(req.body as object) } } }),
      'GET /api/me/bookings': { body: { bookings: [] } },
    });
    const user = userEvent.setup();
    render(reviewed);
    const mine = screen.getByTestId('my-review');
    expect(within(mine).queryByText(/Edited on/)).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Edit review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    const rating = within(dialog).getByRole('textbox', { name: /Your rating/ });
    const body = within(dialog).getByRole('textbox', { name: /Your review/ });
    expect(rating).toHaveValue('6');
    expect(body).toHaveValue('Slow breakfast');

    await user.clear(body);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(REVIEW_MSG.bodyRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.clear(rating);
    await user.type(rating, '9');
    await user.type(body, 'They fixed breakfast');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo(`PUT /${REVIEW_URL}`)).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({ rating: 9, body: 'They fixed breakfast' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Your review is updated')).toBeInTheDocument();
  });

  it('shows when the review was edited', () => {
    mockApi({});
    render({ ...reviewed, review: { ...reviewed.review, updatedAt: '2026-11-22T05:00:00.000Z' } });
    expect(within(screen.getByTestId('my-review')).getByText('Edited on 22/11/2026')).toBeInTheDocument();
  });

  it('deletes the review only after the guest confirms', async () => {
    const api = mockApi({
      [`DELETE /${REVIEW_URL}`]: { status: 204 },
      'GET /api/me/bookings': { body: { bookings: [] } },
    });
    const user = userEvent.setup();
    render(reviewed);
    await user.click(screen.getByRole('button', { name: 'Delete review' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    expect(confirm).toHaveTextContent('Your review of Lake View Residency and any reply from the owner leave the stay page.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete review' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(api.callsTo(`DELETE /${REVIEW_URL}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Your review is deleted')).toBeInTheDocument();
  });

  it('keeps the review and says why when the server refuses to delete it', async () => {
    mockApi({ [`DELETE /${REVIEW_URL}`]: { status: 404, body: { message: 'This review does not exist' } } });
    const user = userEvent.setup();
    render(reviewed);
    await user.click(screen.getByRole('button', { name: 'Delete review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete review' }));
    expect(await screen.findByText('This review does not exist')).toBeInTheDocument();
    expect(screen.getByTestId('my-review')).toHaveTextContent('Slow breakfast');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render';
import { ROOMS_COPY } from '../copy';
import { MonthView, SeasonList } from './rate-calendar';
import { RoomPricesForm } from './room-prices-form';
import { SeasonForm } from './season-form';

const c = ROOMS_COPY.rates;
const season = {
  id: '00000000-0000-4000-8000-000000000001',
  startsOn: '2030-02-10',
  endsOn: '2030-02-16',
  price: 4000,
  weekendPrice: 5000,
  minNights: 3,
};
const night = (iso: string) => screen.getByTestId('rate-month').querySelector(`[data-night="${iso}"]`) as HTMLElement;

describe('MonthView', () => {
  it('shows the price of each night of the month by the shared rule, and moves between months', async () => {
    renderUi(<MonthView rates={{ price: 2000, weekendPrice: 2800, minNights: 1, seasons: [season] }} initialMonth="2030-02" />);
    expect(screen.getByRole('heading', { name: /February 2030/ })).toBeInTheDocument();
    // 2030-02-07 is a Thursday, the 8th a Friday; the season runs from the 10th to the 16th.
    expect(night('2030-02-07')).toHaveTextContent('₹2,000');
    expect(night('2030-02-08')).toHaveTextContent('₹2,800');
    expect(night('2030-02-11')).toHaveTextContent('₹4,000');
    expect(night('2030-02-15')).toHaveTextContent('₹5,000');
    expect(night('2030-02-17')).toHaveTextContent('₹2,000');
    await userEvent.click(screen.getByRole('button', { name: c.month.next }));
    expect(screen.getByRole('heading', { name: /March 2030/ })).toBeInTheDocument();
    expect(night('2030-03-01')).toHaveTextContent('₹2,800');
  });
});

describe('SeasonList', () => {
  it('lists seasons with their prices and offers edit and delete, or says there are none', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { unmount } = renderUi(<SeasonList seasons={[season]} onAdd={vi.fn()} onEdit={onEdit} onDelete={onDelete} />);
    const item = screen.getByTestId('season');
    expect(item).toHaveTextContent('10/02/2030 to 16/02/2030');
    expect(within(item).getByText('₹4,000')).toBeInTheDocument();
    expect(within(item).getByText('₹5,000 on Fri–Sat')).toBeInTheDocument();
    expect(within(item).getByText('Minimum 3 nights')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit: 10/02/2030 to 16/02/2030' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete: 10/02/2030 to 16/02/2030' }));
    expect(onEdit).toHaveBeenCalledWith(season);
    expect(onDelete).toHaveBeenCalledWith(season);
    unmount();
    renderUi(<SeasonList seasons={[]} onAdd={vi.fn()} onEdit={onEdit} onDelete={onDelete} />);
    expect(screen.getByText(c.seasons.empty)).toBeInTheDocument();
  });
});

describe('SeasonForm', () => {
  // The seasons above are of February 2030: within two years of this day.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2029-06-01T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('refuses a last night more than two years ahead, with the shared rule', async () => {
    const onSubmit = vi.fn(async () => {});
    renderUi(<SeasonForm season={{ ...season, endsOn: '2031-06-02' }} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: c.seasonForm.submit }));
    expect(await screen.findByText('Dates can be at most two years ahead')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a last night before the first, and sends empty optional fields as null', async () => {
    const onSubmit = vi.fn(async () => {});
    renderUi(<SeasonForm season={{ ...season, endsOn: '2030-02-09' }} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: c.seasonForm.submit }));
    expect(await screen.findByText('The last night can not be before the first night')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    const end = screen.getByLabelText(new RegExp(`^${c.seasonForm.endsOn}`));
    await userEvent.clear(end);
    await userEvent.type(end, '20/02/2030');
    await userEvent.clear(screen.getByLabelText(/^Weekend price/));
    await userEvent.clear(screen.getByLabelText(/^Minimum nights/));
    await userEvent.click(screen.getByRole('button', { name: c.seasonForm.submit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      startsOn: '2030-02-10',
      endsOn: '2030-02-20',
      price: 4000,
      weekendPrice: null,
      minNights: null,
    });
  });
});

describe('RoomPricesForm', () => {
  it("shows the room type's prices and sends a cleared weekend price as null", async () => {
    const onSubmit = vi.fn(async () => {});
    renderUi(<RoomPricesForm prices={{ price: 2000, weekendPrice: 2800, minNights: 2 }} onSubmit={onSubmit} />);
    const weekend = screen.getByLabelText(/^Weekend price/);
    expect(weekend).toHaveValue('₹2,800');
    await userEvent.clear(weekend);
    await userEvent.click(screen.getByRole('button', { name: c.base.submit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ price: 2000, weekendPrice: null, minNights: 2, roomNumbers: [] });
  });
});

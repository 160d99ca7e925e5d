import { MSG } from '@repo/shared/constants/messages';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { STAY_DATE_MSG } from '@repo/shared/domain/stay-dates';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render';
import { searchCopy } from '../copy';
import { defaultSearchState, type SearchState } from '../search-params';
import { SearchBar } from './search-bar';

const c = searchCopy.bar;

function renderBar(initial: SearchState = defaultSearchState()) {
  const onSearch = vi.fn();
  renderUi(<SearchBar initial={initial} onSearch={onSearch} />);
  return { onSearch, user: userEvent.setup() };
}

describe('SearchBar', () => {
  it("shows 'City name cant be empty' under the city and does not search", async () => {
    const { onSearch, user } = renderBar();
    await user.click(screen.getByRole('button', { name: c.submit }));
    const city = screen.getByRole('textbox', { name: c.city });
    expect(city).toHaveAccessibleDescription(MSG.cityRequired);
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();

    await user.type(city, '  ');
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(screen.getByText(MSG.cityRequired)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches with the trimmed city, the dates and the counts', async () => {
    const initial = defaultSearchState();
    const { onSearch, user } = renderBar(initial);
    expect(screen.getByRole('button', { name: new RegExp(c.dates) })).toHaveTextContent(
      /^\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}$/,
    );
    await user.type(screen.getByRole('textbox', { name: c.city }), '  Chennai ');
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(onSearch).toHaveBeenCalledWith({ ...initial, city: 'Chennai' });
    expect(screen.queryByText(MSG.cityRequired)).not.toBeInTheDocument();
  });

  it('refuses a zero-night range and a past check-in with a clear message', async () => {
    const today = todayInIndia();
    const { onSearch, user } = renderBar({ ...defaultSearchState(), city: 'Vizag', checkIn: today, checkOut: today });
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(screen.getByText(STAY_DATE_MSG.checkOutNotAfter)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();

    cleanup();
    const past = renderBar({ ...defaultSearchState(), city: 'Vizag', checkIn: addDays(today, -2), checkOut: today });
    await past.user.click(screen.getByRole('button', { name: c.submit }));
    expect(screen.getByText(STAY_DATE_MSG.checkInPast)).toBeInTheDocument();
    expect(past.onSearch).not.toHaveBeenCalled();
  });

  it('shows the guest label and opens the counter', async () => {
    const { user } = renderBar();
    const guests = screen.getByRole('button', { name: new RegExp(c.guests) });
    expect(guests).toHaveTextContent('1 Adult · 0 Children · 1 Room');
    await user.click(guests);
    await user.click(await screen.findByRole('button', { name: searchCopy.counter.increase(searchCopy.counter.adults) }));
    expect(guests).toHaveTextContent('2 Adults · 0 Children · 1 Room');
  });
});

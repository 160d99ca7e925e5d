import { MSG } from '@repo/shared/constants/messages';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { STAY_DATE_MSG } from '@repo/shared/domain/stay-dates';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '@/testing/match-media';
import { renderUi } from '@/testing/render';
import { searchCopy } from '../copy';
import { defaultSearchState, type SearchState } from '../search-params';
import { SearchBar, type SearchBarHandle } from './search-bar';

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
    expect(onSearch).toHaveBeenCalledWith({ ...initial, city: 'Chennai' }, null);
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

  it('searches a stay type with the city typed, or asks for the city first and keeps the type', async () => {
    const handle = createRef<SearchBarHandle>();
    const onSearch = vi.fn();
    const user = userEvent.setup();
    const initial = { ...defaultSearchState(), checkIn: addDays(todayInIndia(), 3), checkOut: addDays(todayInIndia(), 5) };
    renderUi(<SearchBar initial={initial} onSearch={onSearch} handleRef={handle} />);
    act(() => handle.current?.searchType('Villa'));
    const city = screen.getByRole('textbox', { name: c.city });
    expect(onSearch).not.toHaveBeenCalled();
    expect(city).toHaveFocus();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription(new RegExp(c.cityForType('Villa')));
    await user.type(city, 'Vizag');
    expect(city).toHaveAccessibleDescription(c.typeChosen('Villa'));
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(onSearch).toHaveBeenLastCalledWith({ ...initial, city: 'Vizag' }, 'Villa');
    act(() => handle.current?.searchType('Cabin'));
    expect(onSearch).toHaveBeenLastCalledWith({ ...initial, city: 'Vizag' }, 'Cabin');
  });

  it('on a phone, a compact bar shows the search on one line and opens the form', async () => {
    window.matchMedia = fakeMatchMedia((q) => q.includes('max-width'));
    try {
      const user = userEvent.setup();
      const initial = { ...defaultSearchState(), city: 'chennai' };
      renderUi(<SearchBar initial={initial} onSearch={vi.fn()} compact />);
      expect(screen.queryByRole('textbox', { name: c.city })).not.toBeInTheDocument();
      const summary = screen.getByRole('button', { name: /^Change search: chennai, / });
      expect(summary).toHaveAttribute('aria-expanded', 'false');
      expect(summary).toHaveTextContent('Chennai');
      await user.click(summary);
      expect(screen.getByRole('textbox', { name: c.city })).toHaveFocus();
    } finally {
      window.matchMedia = fakeMatchMedia(() => false);
    }
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render';
import { searchCopy } from '../copy';
import { ChildAges, GuestCounter, type Guests } from './guest-counter';

const c = searchCopy.counter;

function Harness({ start }: { start: Guests }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <GuestCounter value={value} onChange={setValue} />
      <output>{searchCopy.bar.guestsLabel(value.adults, value.children, value.rooms)}</output>
    </>
  );
}

const minus = (what: string) => screen.getByRole('button', { name: c.decrease(what) });
const plus = (what: string) => screen.getByRole('button', { name: c.increase(what) });

describe('GuestCounter', () => {
  it('disables minus at the minimum: 1 adult, 0 children, 1 room', () => {
    renderUi(<Harness start={{ adults: 1, children: 0, rooms: 1 }} />);
    expect(minus(c.adults)).toBeDisabled();
    expect(minus(c.children)).toBeDisabled();
    expect(minus(c.rooms)).toBeDisabled();
    expect(plus(c.adults)).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('1 Adult · 0 Children · 1 Room');
  });

  it('counts up without an upper bound and back down to the minimum', async () => {
    const user = userEvent.setup();
    renderUi(<Harness start={{ adults: 98, children: 0, rooms: 1 }} />);
    await user.click(plus(c.adults));
    await user.click(plus(c.adults));
    await user.click(plus(c.adults));
    expect(screen.getByTestId('guest-count-adults')).toHaveTextContent('101');
    expect(plus(c.adults)).toBeEnabled();

    await user.click(plus(c.children));
    await user.click(plus(c.rooms));
    expect(screen.getByRole('status')).toHaveTextContent('101 Adults · 1 Child · 2 Rooms');
    expect(minus(c.children)).toBeEnabled();

    await user.click(minus(c.children));
    await user.click(minus(c.rooms));
    expect(minus(c.children)).toBeDisabled();
    expect(minus(c.rooms)).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('101 Adults · 0 Children · 1 Room');
  });
});

function AgesHarness({ count }: { count: number }) {
  const [ages, setAges] = useState<number[]>([]);
  return (
    <>
      <ChildAges count={count} ages={ages} onChange={setAges} />
      <output data-testid="ages">{ages.join(',')}</output>
    </>
  );
}

describe('ChildAges', () => {
  it('asks each child age from 0 to 17, and nothing without children', async () => {
    const { unmount } = renderUi(<AgesHarness count={0} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    unmount();
    renderUi(<AgesHarness count={2} />);
    const first = screen.getByRole('combobox', { name: c.ageLabel(1) });
    expect(screen.getByRole('combobox', { name: c.ageLabel(2) })).toBeInTheDocument();
    expect(first.querySelectorAll('option')).toHaveLength(19);
    await userEvent.selectOptions(first, '7');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: c.ageLabel(2) }), '15');
    expect(screen.getByTestId('ages')).toHaveTextContent('7,15');
    // Clearing an age leaves the others (a child without one is priced 6–12).
    await userEvent.selectOptions(first, '');
    expect(screen.getByTestId('ages')).toHaveTextContent(/^15$/);
  });
});

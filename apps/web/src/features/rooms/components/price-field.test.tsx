import { GST_PRICE_MSG } from '@repo/shared/constants/messages';
import { todayInIndia } from '@repo/shared/domain/dates';
import { unslabbedBandOf } from '@repo/shared/domain/gst';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi, textRe } from '@/testing/render';
import { AddRoomForm } from './add-room-form';
import { gstLine } from './price-field';
import { SeasonForm } from './season-form';

const price = () => screen.getByLabelText(/^Price/);
const weekend = () => screen.getByLabelText(/^Weekend price/);
const TODAY = '2026-11-25';

describe('gstLine', () => {
  it("says what a price holds at the day's rates, and nothing for no price or one of no slab", () => {
    expect(gstLine(7500, TODAY)).toBe('Guest pays ₹7,500 · GST ₹357.14 (5%) · Stay receives ₹7,142.86');
    expect(gstLine(9000, TODAY)).toBe('Guest pays ₹9,000 · GST ₹1,372.88 (18%) · Stay receives ₹7,627.12');
    // Before 22 Sep 2025 the lower slab was taxed at 12 %.
    expect(gstLine(2240, '2025-09-21')).toBe('Guest pays ₹2,240 · GST ₹240 (12%) · Stay receives ₹2,000');
    expect(gstLine(8000, TODAY)).toBeNull();
    expect(gstLine('', TODAY)).toBeNull();
    expect(gstLine(0, TODAY)).toBeNull();
    expect(gstLine(12.5, TODAY)).toBeNull();
  });
});

describe('PriceField', () => {
  it('shows the GST and what the stay receives as the owner types, in the field’s description', async () => {
    const user = userEvent.setup();
    renderUi(<AddRoomForm onSubmit={vi.fn(async () => {})} />);
    await user.type(price(), '7500');
    const line = 'Guest pays ₹7,500 · GST ₹357.14 (5%) · Stay receives ₹7,142.86';
    await waitFor(() => expect(price()).toHaveAccessibleDescription(line));
    // Shown under the field, its parts kept whole.
    expect(screen.getByText('Stay receives ₹7,142.86')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(price()).not.toHaveAttribute('aria-invalid');

    // Above ₹7,500 of value the rate is 18 %.
    await user.clear(weekend());
    await user.type(weekend(), '9000');
    await waitFor(() =>
      expect(weekend()).toHaveAccessibleDescription(/Guest pays ₹9,000 · GST ₹1,372.88 \(18%\) · Stay receives ₹7,627.12/),
    );
  });

  it('shows the schema’s message for a price of no slab as it is typed, and the line again once it fits', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderUi(<AddRoomForm onSubmit={onSubmit} />);
    await user.type(price(), '8000');
    const band = unslabbedBandOf(8000, todayInIndia(), GST_ACCOMMODATION_RATES);
    if (!band) throw new Error('₹8,000 fits no slab');
    const message = GST_PRICE_MSG.unslabbed('Price', band);
    // No submit: the message shows as the owner types, under the field and as its description.
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(price()).toHaveAttribute('aria-invalid', 'true');
    expect(price()).toHaveAccessibleDescription(textRe(message));
    expect(screen.queryByText(/Guest pays/)).not.toBeInTheDocument();

    await user.clear(price());
    await user.type(price(), '9000');
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    expect(price()).toHaveAccessibleDescription(/^Guest pays ₹9,000/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is on the season form too, for its price and weekend price', async () => {
    const user = userEvent.setup();
    renderUi(<SeasonForm onSubmit={vi.fn(async () => {})} onCancel={vi.fn()} />);
    await user.type(price(), '7500');
    await waitFor(() => expect(price()).toHaveAccessibleDescription(/^Guest pays ₹7,500 · GST ₹357.14 \(5%\)/));
    await user.type(weekend(), '8500');
    expect(await screen.findByText(/^Weekend price from ₹7,876 to ₹8,850 fits no GST slab/)).toBeInTheDocument();
  });
});

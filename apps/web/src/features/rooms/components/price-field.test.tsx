import { GST_PRICE_MSG } from '@repo/shared/constants/messages';
import { todayInIndia } from '@repo/shared/domain/dates';
import { unslabbedBandOf } from '@repo/shared/domain/gst';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import { nightAccount } from '@repo/shared/domain/night-account';
import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
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

/** A stay the platform supplies under s.9(5): 15 % fee, 18 % GST on it, no TCS, 0.1 % TDS. */
const PLATFORM: StayEarningTermsDto = {
  byPlatform: true,
  feeBp: 1500,
  feeGstBp: 1800,
  tcsBp: 0,
  tdsBp: 10,
  tdsSection: 's.393(1) S.No. 8(v)',
};
/** A registered owner's stay: the same, with 0.5 % TCS. */
const REGISTERED: StayEarningTermsDto = { ...PLATFORM, byPlatform: false, tcsBp: 50 };

describe('gstLine', () => {
  it("says what a price holds at the day's rates, and nothing for no price or one of no slab", () => {
    expect(gstLine(7500, TODAY)).toBe('Guest pays ₹7,500 · GST ₹357.14 (5%)');
    expect(gstLine(9000, TODAY)).toBe('Guest pays ₹9,000 · GST ₹1,372.88 (18%)');
    // Before 22 Sep 2025 the lower slab was taxed at 12 %.
    expect(gstLine(2240, '2025-09-21')).toBe('Guest pays ₹2,240 · GST ₹240 (12%)');
    expect(gstLine(8000, TODAY)).toBeNull();
    expect(gstLine('', TODAY)).toBeNull();
    expect(gstLine(0, TODAY)).toBeNull();
    expect(gstLine(12.5, TODAY)).toBeNull();
  });

  it('says what the stay receives after GST, the fee and the GST on it, as a settlement credits a night', () => {
    // ₹4,500 at 5 %: ₹4,285.72 before tax (a night of an invoice line), 15 % of it ₹642.86, 18 % GST on that ₹115.72.
    expect(gstLine(4500, TODAY, PLATFORM)).toBe(
      'Guest pays ₹4,500 · GST ₹214.28 (5%) · StayBook fee 15% ₹642.86 + GST ₹115.72 · Stay receives ₹3,522.85 · TDS ₹4.29 withheld, credited to you',
    );
    const credited = nightAccount(4500, 5, PLATFORM).net;
    expect(credited).toBe(352_285);
    // A registered owner is paid the GST too, theirs to pay, and TCS is withheld as well.
    expect(gstLine(4500, TODAY, REGISTERED)).toBe(
      'Guest pays ₹4,500 · GST ₹214.28 (5%) · StayBook fee 15% ₹642.86 + GST ₹115.72 · Stay receives ₹3,715.71, ₹3,501.43 after the GST it pays · TCS ₹21.42 + TDS ₹4.29 withheld, credited to you',
    );
    // Nothing withheld (an individual with a PAN within ₹5 lakh a year): no such part.
    expect(gstLine(4500, TODAY, { ...PLATFORM, tdsBp: 0 })).toBe(
      'Guest pays ₹4,500 · GST ₹214.28 (5%) · StayBook fee 15% ₹642.86 + GST ₹115.72 · Stay receives ₹3,527.14',
    );
  });
});

describe('PriceField', () => {
  it('shows the GST and what the stay receives as the owner types, in the field’s description', async () => {
    const user = userEvent.setup();
    renderUi(<AddRoomForm onSubmit={vi.fn(async () => {})} terms={PLATFORM} />);
    await user.type(price(), '4500');
    const line =
      'Guest pays ₹4,500 · GST ₹214.28 (5%) · StayBook fee 15% ₹642.86 + GST ₹115.72 · Stay receives ₹3,522.85 · TDS ₹4.29 withheld, credited to you';
    await waitFor(() => expect(price()).toHaveAccessibleDescription(line));
    // Shown under the field, its parts kept whole; never the value before tax as what the stay receives.
    expect(screen.getByText('Stay receives ₹3,522.85')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.queryByText(/4,285/)).not.toBeInTheDocument();
    expect(price()).not.toHaveAttribute('aria-invalid');

    // Above ₹7,500 of value the rate is 18 %.
    await user.clear(weekend());
    await user.type(weekend(), '9000');
    await waitFor(() =>
      expect(weekend()).toHaveAccessibleDescription(/^Guest pays ₹9,000 · GST ₹1,372.88 \(18%\) · StayBook fee/),
    );
  });

  it('shows only the GST while the stay’s terms are not known', async () => {
    const user = userEvent.setup();
    renderUi(<AddRoomForm onSubmit={vi.fn(async () => {})} />);
    await user.type(price(), '7500');
    await waitFor(() => expect(price()).toHaveAccessibleDescription('Guest pays ₹7,500 · GST ₹357.14 (5%)'));
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

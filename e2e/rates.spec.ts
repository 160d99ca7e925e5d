import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { formatRupees } from '@repo/shared/domain/money';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/** The first Thursday at least `days` days from today: Thursday to Sunday is 1 weekday and 2 weekend nights. */
function thursdayFrom(days: number): string {
  let d = addDays(todayInIndia(), days);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 4) d = addDays(d, 1);
  return d;
}

test('an owner sets a weekend price; a guest sees it in the room dialog and pays exactly that total', async ({ page }) => {
  test.setTimeout(150_000);
  const adminToken = await signIn(page, 'admin');
  const res = await page.request.get('/api/admin/stays?type=Cottage', { headers: { authorization: `Bearer ${adminToken}` } });
  const { stays } = (await res.json()) as { stays: { id: string; name: string }[] };
  const stay = stays.at(-1);
  if (!stay) throw new Error('the demo owner has no cottage');

  // The owner opens the room type's prices from the Rooms List and sets a weekend price ₹1,000 above the base.
  await page.goto(`/admin/rooms/${stay.id}`);
  await page
    .getByRole('link', { name: /^Prices/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prices by date' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Room prices' });
  const base = Number((await form.getByLabel(/^Price/).inputValue()).replace(/\D/g, ''));
  const weekend = base + 1000;
  await form.getByLabel(/^Weekend price/).fill(String(weekend));
  await form.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Prices saved')).toBeVisible();
  await expectAccessible(page, 'room prices');
  const roomTitle = (await page.getByText(/ · /).first().textContent())?.split(' · ')[0] ?? '';

  // A guest picks Thursday to Sunday: 1 night at the base price and 2 at the weekend price.
  await signIn(page, 'guest');
  const checkIn = thursdayFrom(70);
  const checkOut = addDays(checkIn, 3);
  await page.goto(`/hotels/${stay.id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
  const card = dialog
    .locator('[data-testid^="room-type-"]')
    .filter({ has: page.getByRole('heading', { name: roomTitle, exact: true }) });
  const total = base + 2 * weekend;
  await expect(card.getByTestId('room-type-price')).toContainText(`${formatRupees(total)} for 3 nights`);
  await expect(card.getByTestId('room-type-breakdown')).toHaveText(
    `${formatRupees(base)} × 1 night + ${formatRupees(weekend)} × 2 weekend nights`,
  );
  await card
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .first()
    .check();
  await expect(dialog.getByTestId('booking-total')).toHaveText(formatRupees(total));
  await expectAccessible(page, 'room dialog with a breakdown');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();

  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await expect(checkout).toContainText(formatRupees(total));
  await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await checkout.getByLabel(/Expiry/).fill('12/30');
  await checkout.getByLabel(/CVV/).fill('123');
  await checkout.getByRole('button', { name: `Pay ${formatRupees(total)}` }).click();
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await done.getByRole('button', { name: 'View My Orders' }).click();
  const order = page.getByRole('article', { name: stay.name }).first();
  await expect(order.getByText(formatRupees(total), { exact: true })).toBeVisible();
});

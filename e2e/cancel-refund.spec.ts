import { addDays, formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

// Each journey books, pays, cancels and waits for the sandbox's bank: longer than the default test time.
test.describe.configure({ timeout: 180_000 });

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The demo admin's second featured stay (the booking journeys use the first). */
async function policyStayId(page: Page): Promise<string> {
  const res = await page.request.get('/api/stays?featured=true');
  const { stays } = (await res.json()) as { stays: { id: string }[] };
  expect(stays.length).toBeGreaterThan(1);
  return (stays[1] as { id: string }).id;
}

/** Opens the sandbox checkout from the room dialog and pays with the success card; returns the new order's card. */
async function bookAndPay(page: Page, stayId: string, checkIn: string, checkOut: string) {
  await page.goto(`/hotels/${stayId}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0&rooms=1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The policy is on the stay page before the dialog opens, with the last free day for these dates.
  const lastFree = formatDate(addDays(checkIn, -30));
  await expect(page.getByTestId('stay-side-card').getByTestId('cancellation-policy')).toContainText(
    `Free cancellation until ${lastFree}, after that a 50% refund until the day before check-in.`,
  );
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
  await dialog
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .first()
    .check();
  await expect(dialog.getByTestId('cancellation-policy')).toContainText(`Free cancellation until ${lastFree}`);
  await expectAccessible(page, 'room dialog with the cancellation policy');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await checkout.getByLabel(/Expiry/).fill('12/30');
  await checkout.getByLabel(/CVV/).fill('123');
  await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  return page.getByRole('article').first();
}

test('journey: the owner sets a policy, a guest sees it before paying, cancels inside it and gets 50 % back, pending then processed', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const stayId = await policyStayId(page);
  await page.goto(`/admin/editStay/${stayId}`);
  await page.getByLabel('Free cancellation until (days before check-in)').fill('30');
  await page.getByLabel('Refund after that (% of the amount paid)').fill('50');
  await expect(page.getByTestId('policy-preview')).toContainText(
    'Free cancellation until 30 days before check-in, then a 50% refund until the day before check-in.',
  );
  await expectAccessible(page, 'stay form with the cancellation policy');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await signIn(page, 'guest');
  const checkIn = addDays(todayInIndia(), 12);
  const card = await bookAndPay(page, stayId, checkIn, addDays(checkIn, 1));
  await expect(card.getByTestId('order-status')).toHaveText('Confirmed');
  const paidText =
    (await card
      .getByText(/^₹[\d,.]+$/)
      .first()
      .textContent()) ?? '';
  const paidPaise = Math.round(rupees(paidText) * 100);
  expect(paidPaise).toBeGreaterThan(0);
  const half = formatPaise(Math.floor(paidPaise / 2));
  await expect(card.getByTestId('cancel-quote')).toHaveText(`Cancel today: Refund of ${half} (50% of ${paidText})`);
  await card.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm).toContainText(`Refund of ${half} (50% of`);
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(card.getByTestId('refund')).toHaveText(`Refund of ${half} pending`);
  await expect(card.getByTestId('order-status')).toHaveText('Cancelled · Refund pending');
  await expectAccessible(page, 'My Orders with a refund pending');
  // The sandbox's bank processes it a few seconds later (its signed refund.processed webhook); My Orders follows.
  await expect(card.getByTestId('refund')).toHaveText(`Refund of ${half} processed`, { timeout: 20_000 });
  await expect(card.getByTestId('order-status')).toHaveText('Cancelled · Partly refunded');
});

test("journey: the owner cancels a booking from its reservation page with the policy's refund; the guest sees it cancelled and partly refunded", async ({
  page,
}) => {
  const guestToken = await signIn(page, 'guest');
  const stayId = await policyStayId(page);
  const checkIn = addDays(todayInIndia(), 15);
  const card = await bookAndPay(page, stayId, checkIn, addDays(checkIn, 1));
  await expect(card.getByTestId('order-status')).toHaveText('Confirmed');
  const ordersPath = new URL(page.url()).pathname;
  const res = await page.request.get('/api/me/bookings', { headers: { authorization: `Bearer ${guestToken}` } });
  const { bookings } = (await res.json()) as { bookings: { id: string; amount: number; status: string }[] };
  const booking = bookings.find((b) => b.status === 'confirmed' && b.id) as { id: string; amount: number };
  const amount = formatPaise(booking.amount);
  // 15 days before check-in, inside the stay's 30-day window: its policy gives 50 %.
  const half = formatPaise(Math.floor(booking.amount / 2));

  await signIn(page, 'admin');
  // The owner finds the booking among their reservations and cancels it there.
  await page.goto(`/admin/reservations/${booking.id}`);
  const money = page.getByRole('region', { name: 'Payment' });
  const actions = page.getByTestId('reservation-actions');
  await expect(actions.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expectAccessible(page, 'reservation with its cancel action');
  await actions.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  // Two choices with their amounts: the booking's policy (preselected) or everything paid.
  const policy = dialog.getByRole('radio', { name: `As the booking’s cancellation policy gives today: ${half}` });
  await expect(policy).toBeChecked();
  const full = dialog.getByRole('radio', { name: `Everything paid (e.g. when the stay can not host the guest): ${amount}` });
  await expect(full).not.toBeChecked();
  await expectAccessible(page, 'owner cancel dialog with its two refunds');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  // No longer cancellable; the money section shows the refund asked for (pending, then processed by the bank).
  await expect(actions).toBeHidden();
  await expect(page.locator('dd').filter({ hasText: /^(Refund pending|Refunded)$/ })).toBeVisible();
  await expect(money).toContainText(half);

  await page.goto(page.url().replace(/\/admin\/.*$/, '') + ordersPath);
  // Newest first: the booking of this journey.
  const order = page.getByRole('article').filter({ hasText: 'Cancelled by the stay' }).first();
  await expect(order).toBeVisible();
  await expect(order.getByTestId('refund')).toHaveText(new RegExp(`^Refund of ${half} (pending|processed)$`));
  await expect(order.getByTestId('refund')).toHaveText(`Refund of ${half} processed`, { timeout: 20_000 });
  await expect(order.getByTestId('order-status')).toHaveText('Cancelled · Partly refunded');
});

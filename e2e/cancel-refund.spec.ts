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
  // The policy is on the stay page before the dialog opens, as it applies today for these dates: the 30 free days
  // before check-in have already passed, so no past date is named, only what a cancel gives now.
  const now = `Free cancellation has ended: a 50% refund if you cancel until ${formatDate(addDays(checkIn, -1))}.`;
  await expect(page.getByTestId('stay-side-card').getByTestId('cancellation-policy')).toContainText(now);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
  await dialog
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .first()
    .check();
  await expect(dialog.getByTestId('cancellation-policy')).toContainText(now);
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
    'Free cancellation up to 30 days before check-in, then a 50% refund until the day before check-in.',
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

test('journey: the owner cancels a booking from its reservation page; the guest is refunded everything paid, whatever the policy, and compensated', async ({
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
  // 15 days before check-in the guest's own cancel would get the policy's 50 %; the owner's refunds it all.
  const amount = formatPaise(booking.amount);

  await signIn(page, 'admin');
  // The owner finds the booking among their reservations and cancels it there.
  await page.goto(`/admin/reservations/${booking.id}`);
  const money = page.getByRole('region', { name: 'Payment' });
  const actions = page.getByTestId('reservation-actions');
  await expect(actions.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expectAccessible(page, 'reservation with its cancel action');
  await actions.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  // One refund, no choice: everything paid.
  await expect(dialog.getByTestId('admin-cancel-refund')).toContainText(`Refund to the guest: ${amount}`);
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  // And, before confirming, what the stay owes the guest on top: the charge its policy would take from the guest
  // for a cancel today (ADR 053).
  const owed = dialog.getByTestId('admin-cancel-compensation');
  await expect(owed).toContainText(/Compensation to the guest: ₹[\d,]+/);
  const compensation = (await owed.textContent())?.match(/₹[\d,]+(\.\d+)?/)?.[0] ?? '';
  await expectAccessible(page, 'owner cancel dialog with its full refund');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  // No longer cancellable; the money section shows the refund asked for (pending, then processed by the bank).
  await expect(actions).toBeHidden();
  await expect(page.locator('dd').filter({ hasText: /^(Refund pending|Refunded)$/ })).toBeVisible();
  await expect(money).toContainText(amount);
  await expect(money).toContainText(`Compensation to the guest${compensation}`);

  await page.goto(page.url().replace(/\/admin\/.*$/, '') + ordersPath);
  // Newest first: the booking of this journey.
  const order = page.getByRole('article').filter({ hasText: 'Cancelled by the stay' }).first();
  await expect(order).toBeVisible();
  await expect(order.getByTestId('refund')).toHaveText(new RegExp(`^Refund of ${amount} (pending|processed)$`));
  await expect(order.getByTestId('refund')).toHaveText(`Refund of ${amount} processed`, { timeout: 20_000 });
  await expect(order.getByTestId('order-status')).toHaveText('Cancelled · Refunded');
  // The compensation on top, paid by the platform through a payout link the guest claims.
  const paidToGuest = order.getByTestId('order-compensation');
  await expect(paidToGuest).toContainText(`Compensation: ${compensation} from the stay for cancelling`);
  await expect(paidToGuest).toContainText(/Claim your compensation|has been paid to you/);
  await expectAccessible(page, 'cancelled order with its compensation');
});

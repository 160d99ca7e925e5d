import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/** Holds the first free room of a featured stay for the dates and returns the open sandbox checkout. */
async function holdARoom(page: Page, checkIn: string, checkOut: string) {
  const res = await page.request.get('/api/stays?featured=true');
  const { stays } = (await res.json()) as { stays: { id: string }[] };
  const stayId = stays[0]?.id;
  expect(stayId).toBeTruthy();
  await page.goto(`/hotels/${stayId}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
  await dialog
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .first()
    .check();
  await expect(dialog.getByTestId('booking-total')).not.toHaveText('₹0');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await expect(checkout).toBeVisible();
  return checkout;
}

/** Chooses the UPI tab with the keyboard, enters the UPI id and pays. */
async function payByUpi(page: Page, vpa: string) {
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await checkout.getByRole('tab', { name: 'Card' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(checkout.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true');
  await checkout.getByRole('textbox', { name: /UPI ID/ }).fill(vpa);
  await checkout.getByRole('button', { name: /^Pay ₹.* by UPI$/ }).click();
}

const auth = (token: string | null) => ({ authorization: `Bearer ${token}` });

async function ordersPage(page: Page, token: string | null) {
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  const { id } = (await me.json()) as { id: string };
  await page.goto(`/orders/${id}`);
  return page.getByRole('article').first();
}

// The e2e server's holds last 30 s (playwright.config.ts): the journeys pay before any slow check.
test('a guest pays by UPI and sees the order confirmed, paid by UPI, in My Orders', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'guest');
  await holdARoom(page, addDays(todayInIndia(), 30), addDays(todayInIndia(), 31));
  await payByUpi(page, 'success@razorpay');
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'View My Orders' }).click();
  const order = page.getByRole('article').first();
  await expect(order.getByText('Confirmed')).toBeVisible();
  await expect(order.getByTestId('paid-by')).toHaveText('Paid by UPI');
  await expect(order.getByTestId('payment-id')).toHaveText(/^pay_\w+$/);
  await expectAccessible(page, 'My Orders paid by UPI');
});

// On a slow machine the hold may end before the approval,
// which then confirms the booking all the same, its room being free (ADR 021; "Pay now" while pending is covered by
// apps/api/test/upi-payments.test.ts and the checkout's component tests).
test('a pending UPI payment waits for approval, and the order is confirmed when its webhook comes', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 34), addDays(todayInIndia(), 35));
  const answered = page.waitForResponse((r) => /\/api\/payments\/sandbox\/orders\/[^/]+\/pay$/.test(r.url()));
  await payByUpi(page, 'pending@razorpay');
  const { pending } = (await (await answered).json()) as { pending: { order_id: string; payment_id: string } };
  await expect(checkout.getByRole('status')).toHaveText('Waiting for you to approve the payment in your UPI app…');
  await expect(checkout.getByText('We sent a payment request to pending@razorpay.')).toBeVisible();
  await expect(checkout.getByTestId('upi-hold')).toBeVisible();
  await expect(checkout.getByRole('tablist')).toHaveCount(0);
  await expectAccessible(page, 'UPI payment waiting for approval');
  await checkout.getByRole('button', { name: 'Close' }).click();
  await expect(checkout).toBeHidden();

  // My Orders says the payment is pending, with its ids, and offers no second payment.
  const order = await ordersPage(page, token);
  await expect(order.getByTestId('order-status')).toHaveText('Payment pending');
  await expect(order.getByTestId('order-headline')).toContainText('Approve it in your UPI app');
  await expect(order.getByTestId('order-id')).toHaveText(pending.order_id);
  await expect(order.getByTestId('payment-id')).toHaveText(pending.payment_id);
  await expect(order.getByRole('button', { name: /Pay now|Retry payment/ })).toHaveCount(0);
  await expect(order.getByTestId('paid-by')).toHaveCount(0);
  await expectAccessible(page, 'My Orders with a UPI payment pending');
  const orders = await page.getByRole('article').count();

  // The guest approves it in their UPI app (outside this page): the sandbox's signed payment.captured webhook
  // confirms the booking, and My Orders updates without a reload.
  const approved = await page.request.post(`/api/payments/sandbox/orders/${pending.order_id}/upi-approval`, {
    headers: auth(token),
    data: { approve: true },
  });
  expect(approved.ok()).toBeTruthy();
  await expect(order.getByText('Confirmed')).toBeVisible({ timeout: 15_000 });
  await expect(order.getByTestId('paid-by')).toHaveText('Paid by UPI');
  await expect(order.getByTestId('order-id')).toHaveText(pending.order_id);
  await expect(page.getByRole('article')).toHaveCount(orders);
});

test('the UPI tab says clearly when a UPI id is not valid, and is accessible', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 38), addDays(todayInIndia(), 39));
  await checkout.getByRole('tab', { name: 'UPI' }).click();
  const field = checkout.getByRole('textbox', { name: /UPI ID/ });
  await field.fill('rahul sharma');
  await checkout.getByRole('button', { name: /^Pay ₹.* by UPI$/ }).click();
  await expect(checkout.getByText('Enter a valid UPI ID, like name@bank')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'UPI checkout with a message');
  await checkout.getByRole('tab', { name: 'Netbanking' }).click();
  await expect(checkout.getByRole('radiogroup', { name: /Your bank/ })).toBeVisible();
  await expectAccessible(page, 'netbanking checkout');
});

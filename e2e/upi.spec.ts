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

/** Chooses the UPI tab with the keyboard and pays by QR code (a laptop) or by UPI app (a phone). */
async function payByUpi(page: Page, how: 'QR code' | 'UPI app') {
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await checkout.getByRole('tab', { name: 'Card' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(checkout.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true');
  await checkout.getByRole('button', { name: new RegExp(`^Pay ₹.* by ${how}$`) }).click();
}

const auth = (token: string | null) => ({ authorization: `Bearer ${token}` });

async function ordersPage(page: Page, token: string | null) {
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  const { id } = (await me.json()) as { id: string };
  await page.goto(`/orders/${id}`);
  return page.getByRole('article').first();
}

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

// The e2e server's holds last 30 s (playwright.config.ts): the journeys pay before any slow check.
test('on a laptop a guest pays by scanning the UPI QR code, and sees the booking confirmed, paid by UPI', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  const token = await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 30), addDays(todayInIndia(), 31));
  const answered = page.waitForResponse((r) => /\/api\/payments\/sandbox\/orders\/[^/]+\/pay$/.test(r.url()));
  await payByUpi(page, 'QR code');
  const { pending } = (await (await answered).json()) as { pending: { order_id: string; link: string } };
  expect(pending.link).toMatch(/^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&tr=pay_\w+&tn=[^&]+&am=\d+\.\d{2}&cu=INR/);
  await expect(checkout.getByRole('status')).toHaveText('Scan this QR code with any UPI app, then approve the payment');
  const qr = checkout.getByRole('img', { name: /^UPI QR code to pay ₹/ });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(200);
  await expect(checkout.getByTestId('upi-expiry')).toHaveText(/^This payment request expires in \d:\d\d\.$/);
  // The guest scans it with their phone and approves it there: the checkout, asking the gateway, sees the capture.
  const approved = await page.request.post(`/api/payments/sandbox/orders/${pending.order_id}/upi-approval`, {
    headers: auth(token),
    data: { approve: true },
  });
  expect(approved.ok()).toBeTruthy();
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await done.getByRole('button', { name: 'View My Orders' }).click();
  const order = page.getByRole('article').first();
  await expect(order.getByText('Confirmed')).toBeVisible();
  await expect(order.getByTestId('paid-by')).toHaveText('Paid by UPI');
  await expect(order.getByTestId('payment-id')).toHaveText(/^pay_\w+$/);
  await expectAccessible(page, 'My Orders paid by UPI');
});

test("on a phone a guest pays by UPI app (the sandbox's own), approves, and sees the booking confirmed", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 32), addDays(todayInIndia(), 33));
  await payByUpi(page, 'UPI app');
  const app = checkout.getByRole('region', { name: 'Sandbox UPI app' });
  await expect(app.getByTestId('upi-intent-link')).toHaveText(/^upi:\/\/pay\?pa=.*&cu=INR/);
  await expect(checkout.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expectAccessible(page, 'UPI app on a phone');
  await app.getByRole('button', { name: 'Approve' }).click();
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'View My Orders' }).click();
  await expect(page.getByRole('article').first().getByTestId('paid-by')).toHaveText('Paid by UPI');
});

test('on a phone a UPI payment declined in the UPI app shows the failure, and the booking is not confirmed', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 36), addDays(todayInIndia(), 37));
  await payByUpi(page, 'UPI app');
  await checkout.getByRole('region', { name: 'Sandbox UPI app' }).getByRole('button', { name: 'Decline' }).click();
  const failed = page.getByRole('dialog', { name: 'Payment failed' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('table')).toContainText('Your UPI app declined the payment request');
  await expect(failed.getByRole('table')).toContainText('authorisation_declined_by_psp');
  await expectAccessible(page, 'UPI payment declined');
  await failed.getByRole('button', { name: 'Go to My Orders' }).click();
  // The hold stays, as after any failed payment: the guest can pay again.
  const order = page.getByRole('article').first();
  await expect(order.getByTestId('order-status')).toHaveText('Payment failed');
  await expect(order.getByRole('button', { name: 'Retry payment' })).toBeVisible();
});

// On a slow machine the hold may end before the approval,
// which then confirms the booking all the same, its room being free (ADR 021; "Pay now" while pending is covered by
// apps/api/test/upi-payments.test.ts and the checkout's component tests).
test('a pending UPI payment waits for approval, and the order is confirmed when its webhook comes', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  const token = await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 34), addDays(todayInIndia(), 35));
  const answered = page.waitForResponse((r) => /\/api\/payments\/sandbox\/orders\/[^/]+\/pay$/.test(r.url()));
  await payByUpi(page, 'QR code');
  const { pending } = (await (await answered).json()) as { pending: { order_id: string; payment_id: string } };
  await expect(checkout.getByRole('status')).toHaveText('Scan this QR code with any UPI app, then approve the payment');
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

test('the UPI tab offers the UPI app or QR code, no typed UPI ID, and is accessible', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'guest');
  const checkout = await holdARoom(page, addDays(todayInIndia(), 38), addDays(todayInIndia(), 39));
  await checkout.getByRole('tab', { name: 'UPI' }).click();
  await expect(checkout.getByRole('button', { name: /^Pay ₹.* by QR code$/ })).toBeVisible();
  await expect(checkout.getByRole('textbox', { name: /UPI ID/ })).toHaveCount(0);
  await expectAccessible(page, 'UPI checkout');
  await checkout.getByRole('tab', { name: 'Netbanking' }).click();
  await expect(checkout.getByRole('radiogroup', { name: /Your bank/ })).toBeVisible();
  await expectAccessible(page, 'netbanking checkout');
});

import { readFileSync } from 'node:fs';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { gstinCheckChar } from '@repo/shared/domain/gstin';
import { DEMO_ACCOUNTS } from '@repo/shared/factories';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

// GST breakup and tax invoices (docs/decisions/017-gst-and-invoices.md).

const GUEST_GSTIN = '27AAPFU0939F1ZV';

/**
 * The demo owner's GSTIN in the stay's state (a GSTIN is per state and carries its holder's PAN: the stay form refuses
 * another state's, or another PAN's than the owner's payout details give).
 */
const gstinOf = (stateCode: string) => {
  const first14 = `${stateCode}${DEMO_ACCOUNTS.admin.pan}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
};

async function featuredStay(page: Page): Promise<{ id: string; name: string; stateCode: string }> {
  const res = await page.request.get('/api/stays?featured=true');
  expect(res.ok()).toBeTruthy();
  const { stays } = (await res.json()) as { stays: { id: string; name: string; stateCode: string }[] };
  return stays[0] as { id: string; name: string; stateCode: string };
}

test('a guest sees the GST breakup at checkout and on the order, pays, and downloads the tax invoice', async ({ page }) => {
  test.setTimeout(120_000);
  // The owner registers the stay for GST in the stay form.
  await signIn(page, 'admin');
  const stay = await featuredStay(page);
  const STAY_GSTIN = gstinOf(stay.stateCode);
  await page.goto(`/admin/editStay/${stay.id}`);
  const gstin = page.getByRole('textbox', { name: 'GSTIN' });
  // The edit page loads the stay first.
  await expect(gstin).toBeVisible({ timeout: 30_000 });
  // A wrong check character first.
  await gstin.fill(`${STAY_GSTIN.slice(0, 14)}${STAY_GSTIN.endsWith('A') ? 'B' : 'A'}`);
  await page.getByRole('textbox', { name: /Legal name/ }).fill('Demo Hospitality Private Limited');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/check character/)).toBeVisible();
  await gstin.fill(STAY_GSTIN.toLowerCase());
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/admin/editStay/${stay.id}$`));

  await signIn(page, 'guest');
  const checkIn = addDays(todayInIndia(), 57);
  const checkOut = addDays(todayInIndia(), 59);
  await page.goto(`/hotels/${stay.id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
  await dialog
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .first()
    .check();
  await dialog.getByRole('checkbox', { name: /Add GST details/ }).check();
  await dialog.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZX');
  await dialog.getByRole('textbox', { name: 'Company name' }).fill('Verma Traders');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  await expect(dialog.getByText(/GSTIN must be 15 characters/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'GSTIN' }).fill(GUEST_GSTIN);
  // With a GSTIN the invoice names the business's address: the billing address opens (the profile's, in
  // Bengaluru) to be changed to the GSTIN's, with its PIN code and state.
  const billing = dialog.getByRole('group', { name: 'Billing address' });
  const address = billing.getByRole('textbox', { name: /^Address/ });
  await expect(address).toHaveValue(/Bengaluru/);
  await address.fill('');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  await expect(billing.getByText('Billing address is required')).toBeVisible();
  await address.fill('4 Station Road, Pune');
  await billing.getByRole('textbox', { name: /^PIN code/ }).fill('411001');
  await billing.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'Maharashtra' });
  await expectAccessible(page, 'room dialog with GST details');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();

  // Checkout: the server's breakup of the amount to pay.
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await expect(checkout).toBeVisible();
  const breakup = checkout.getByTestId('checkout-gst');
  await expect(breakup).toContainText('Inclusive of all taxes');
  await expect(breakup.getByRole('row', { name: /^Taxable value ₹/ })).toBeVisible();
  await expect(breakup.getByRole('row', { name: /^CGST @ \d+(\.\d+)?% ₹/ })).toBeVisible();
  await expect(breakup.getByRole('row', { name: /^SGST @ \d+(\.\d+)?% ₹/ })).toBeVisible();
  const amount = (await checkout.getByTestId('checkout-amount').textContent()) ?? '';
  await expect(breakup.getByRole('row', { name: /^Total / })).toContainText(amount);
  await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await checkout.getByLabel(/Expiry/).fill('12/30');
  await checkout.getByLabel(/CVV/).fill('123');
  await expectAccessible(page, 'checkout with GST breakup');
  await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await done.getByRole('button', { name: 'View My Orders' }).click();

  // My Orders: the breakup and the invoice.
  const card = page.getByRole('article').first();
  await expect(card.getByText('Confirmed')).toBeVisible();
  const gst = card.getByTestId('order-gst');
  await expect(gst.getByRole('row', { name: /^CGST @ / })).toBeVisible();
  await expect(gst.getByRole('row', { name: /^Taxable value ₹/ })).toBeVisible();
  const numberText = (await card.getByTestId('document-invoice').textContent()) ?? '';
  const number = numberText.replace(/^No\. /, '');
  // GST rule 46(b): at most 16 characters.
  expect(number).toMatch(/^TI\/\d{2}-\d{2}\/\d{6}$/);
  await expectAccessible(page, 'My Orders with the invoice');

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download tax invoice ${number}` }).click();
  const download = await downloading;
  // Named by its supplier too: the card says who issued it.
  const issuedBy = (await card.getByTestId('document-invoice-supplier').textContent()) ?? '';
  const supplierGstin = /GSTIN ([0-9A-Z]{15})$/.exec(issuedBy)?.[1];
  expect(supplierGstin).toBeDefined();
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}-${supplierGstin}.pdf`);
  const file = readFileSync((await download.path()) as string);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  expect(file.toString('latin1')).toContain(`Tax Invoice ${number}`);
});

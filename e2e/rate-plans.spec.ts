import { readFileSync } from 'node:fs';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { formatRupees } from '@repo/shared/domain/money';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/** What a PDF prints, as one line of text. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

// Rate plans (docs/decisions/065-rate-plans-meal-plans-and-prices-by-occupancy.md): an owner adds a breakfast plan at
// +₹600 and a non-refundable one at −10 %; a family of two adults and a child of 7 finds the stay, picks breakfast,
// pays, and the order and its tax invoice name the plan.
for (const [width, pick, ahead] of [
  [1280, -1, 90],
  [375, -2, 100],
] as const) {
  test(`an owner adds a breakfast and a non-refundable plan; a family books breakfast and its invoice names it (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    const adminToken = await signIn(page, 'admin');
    const auth = { authorization: `Bearer ${adminToken}` };
    const res = await page.request.get('/api/admin/stays?type=Cottage', { headers: auth });
    const { stays } = (await res.json()) as { stays: { id: string; name: string; city: string }[] };
    const stay = stays.at(pick);
    if (!stay) throw new Error('the demo owner has too few cottages');

    // The owner opens the room type's prices from the Rooms List.
    await page.goto(`/admin/rooms/${stay.id}`);
    const prices = page.getByRole('link', { name: /^Prices/ }).first();
    const roomTypeId = (await prices.getAttribute('href'))?.split('/').at(-1) ?? '';
    // Room for the family: four people (set by the API; the rooms form is not what this journey is about).
    expect(
      (await page.request.put(`/api/admin/room-types/${roomTypeId}`, { headers: auth, data: { maxPeople: 4 } })).status(),
    ).toBe(200);
    await prices.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prices by date' })).toBeVisible();
    const base = Number(
      (
        await page
          .getByRole('form', { name: 'Room prices' })
          .getByLabel(/^Price/)
          .inputValue()
      ).replace(/\D/g, ''),
    );
    const plans = page.getByRole('region', { name: 'Rate plans' });
    await expect(plans.getByText('Standard', { exact: true }).first()).toBeVisible();

    // Breakfast at +₹600 a night, ₹300 for a child of 6–12.
    await plans.getByRole('button', { name: 'Add a plan' }).click();
    let form = page.getByRole('dialog', { name: 'Add a rate plan' });
    await form.getByLabel('Plan name').fill('Bed and breakfast');
    await form.getByRole('combobox', { name: 'Meal plan', exact: true }).click();
    await page.getByRole('option', { name: 'Breakfast included (CP)' }).click();
    await form.getByLabel(/^Adjustment/).fill('600');
    await form.getByLabel('Each child of 6–12').fill('300');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByText('Rate plan added').first()).toBeVisible();
    await expect(plans.getByText('Bed and breakfast')).toBeVisible();

    // Non-refundable at −10 %.
    await plans.getByRole('button', { name: 'Add a plan' }).click();
    form = page.getByRole('dialog', { name: 'Add a rate plan' });
    await form.getByLabel('Plan name').fill('Non-refundable');
    await form.getByRole('combobox', { name: 'Meal plan', exact: true }).click();
    await page.getByRole('option', { name: 'Room only (EP)' }).click();
    await form.getByRole('combobox', { name: 'Cancellation policy', exact: true }).click();
    await page.getByRole('option', { name: 'Non-refundable', exact: true }).click();
    await form.getByRole('combobox', { name: 'Price from the standard plan', exact: true }).click();
    await page.getByRole('option', { name: '± percent' }).click();
    await form.getByLabel(/^Adjustment/).fill('-10');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByText('Rate plan added').first()).toBeVisible();
    await expect(plans.getByText("The standard plan's prices −10 % a night")).toBeVisible();
    await expectAccessible(page, 'rate plans');

    // The family: two adults and a child of 7, one room, two nights.
    await signIn(page, 'guest');
    const checkIn = addDays(todayInIndia(), ahead);
    const checkOut = addDays(checkIn, 2);
    await page.goto(
      `/?city=${encodeURIComponent(stay.city)}&checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1&childAges=7&rooms=1`,
    );
    const hit = page.getByRole('article').filter({ hasText: stay.name }).first();
    await expect(hit.getByTestId('result-total')).toContainText('in all for your party');
    await page.goto(`/hotels/${stay.id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1&childAges=7&rooms=1`);
    await page.getByRole('button', { name: 'Select Room to book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
    const card = dialog.getByTestId(`room-type-${roomTypeId}`);
    // Each night: the plan's price for two adults and ₹300 for the child.
    const breakfast = 2 * (base + 600 + 300);
    const breakfastPlan = card.getByRole('radio', {
      name: new RegExp(`^Bed and breakfast, Breakfast included, ${formatRupees(breakfast)}`),
    });
    await expect(breakfastPlan).toBeVisible();
    await expect(card.getByRole('radio', { name: /^Non-refundable, Room only/ })).toBeVisible();
    await breakfastPlan.click();
    await card
      .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
      .first()
      .check();
    await expect(dialog.getByTestId('booking-total')).toHaveText(formatRupees(breakfast));
    await expectAccessible(page, 'room dialog with rate plans');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();

    const checkout = page.getByRole('dialog', { name: 'Secure payment' });
    await expect(checkout).toContainText(formatRupees(breakfast));
    await expect(checkout).toContainText('Bed and breakfast · Breakfast included');
    await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
    await checkout.getByLabel(/Expiry/).fill('12/30');
    await checkout.getByLabel(/CVV/).fill('123');
    await checkout.getByRole('button', { name: `Pay ${formatRupees(breakfast)}` }).click();
    const done = page.getByRole('dialog', { name: 'Booking confirmed' });
    await done.getByRole('button', { name: 'View My Orders' }).click();
    const order = page.getByRole('article', { name: stay.name }).first();
    await expect(order.getByText(formatRupees(breakfast), { exact: true })).toBeVisible();
    await expect(order.getByText(/Bed and breakfast · Breakfast included/)).toBeVisible();

    // The tax invoice names the plan on the room's line.
    const numberText = (await order.getByTestId('document-invoice').textContent()) ?? '';
    const number = numberText.replace(/^No\. /, '');
    const downloading = page.waitForEvent('download');
    await order.getByRole('button', { name: `Download tax invoice ${number}` }).click();
    const printed = await pdfText(readFileSync((await (await downloading).path()) as string));
    expect(printed).toContain('Bed and breakfast · Breakfast included');
  });
}

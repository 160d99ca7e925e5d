import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

// Form C (ADR 067): a foreign guest arrives, the desk records their passport and visa on the booking, the dashboard
// reminds until it is submitted, the form prints, and the reference closes it.

/** A guest books tonight at the stay and pays with the sandbox's success card. */
async function bookTonight(page: Page, stayId: string) {
  const checkIn = todayInIndia();
  await page.goto(`/hotels/${stayId}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your rooms' });
  await dialog
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .last()
    .check();
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await checkout.getByLabel(/Expiry/).fill('12/30');
  await checkout.getByLabel(/CVV/).fill('123');
  await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
  const done = page.getByRole('dialog', { name: 'Booking confirmed' });
  await done.getByRole('button', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
}

/** The owner's newest confirmed booking of the stay (the one just paid), as their reservations list gives it. */
async function newestBooking(page: Page, stayId: string): Promise<string> {
  return page.evaluate(async (stay) => {
    const token = localStorage.getItem('adminLoginToken');
    const res = await fetch(`/api/admin/reservations?status=confirmed&stayId=${stay}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { reservations: { id: string }[] }).reservations[0]?.id ?? '';
  }, stayId);
}

/** Picks `option` in the Mantine select labelled `label` (typing to filter the long lists). */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (await box.isEditable()) await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function date(page: Page, label: string, ddmmyyyy: string) {
  const box = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await box.fill(ddmmyyyy);
  await box.press('Tab');
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`journey at ${viewport.width} px: a passport guest's Form C recorded at arrival, printed, and marked submitted`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const res = await page.request.get('/api/stays?featured=true');
    const { stays } = (await res.json()) as { stays: { id: string }[] };
    const stayId = stays[viewport.width === 375 ? 2 : 3]?.id ?? '';
    // A name of its own per run: the other run's report may be in the lists too.
    const given = viewport.width === 375 ? 'Anna' : 'Lena';
    const guest = `${given} Müller`;

    await signIn(page, 'guest');
    await bookTonight(page, stayId);

    await signIn(page, 'admin');
    const bookingId = await newestBooking(page, stayId);
    await page.goto(`/admin/reservations/${bookingId}`);
    const section = page.getByRole('region', { name: 'Form C' });
    await expect(section.getByText('No Form C recorded for this booking.')).toBeVisible();
    await section.getByRole('button', { name: 'Add a foreign guest' }).click();
    const form = page.getByRole('dialog', { name: 'Form C: a foreign guest' });
    await expect(form).toBeVisible();

    // An Indian national is not reported on Form C; a malformed passport number is named.
    await form.getByRole('textbox', { name: 'Surname', exact: true }).fill('Müller');
    await form.getByRole('textbox', { name: 'Given names', exact: true }).fill(given);
    await choose(page, 'Sex', 'Female');
    await date(page, 'Date of birth', '17/04/1988');
    await choose(page, 'Nationality', 'Germany');
    await form.getByRole('textbox', { name: 'Passport number', exact: true }).fill('C01-X');
    await form.getByRole('button', { name: 'Save Form C' }).click();
    await expect(form.getByText('Passport number must be 5 to 20 letters and digits')).toBeVisible();
    await form.getByRole('textbox', { name: 'Passport number', exact: true }).fill('C01X00T47');
    const places = form.getByRole('textbox', { name: 'Place of issue', exact: true });
    await places.nth(0).fill('Berlin');
    const issued = form.getByRole('textbox', { name: 'Date of issue', exact: true });
    const expires = form.getByRole('textbox', { name: 'Date of expiry', exact: true });
    await issued.nth(0).fill('01/02/2021');
    await expires.nth(0).fill('31/01/2031');
    await choose(page, 'Visa type', 'e-Tourist visa');
    await form.getByRole('textbox', { name: 'Visa or OCI card number', exact: true }).fill('EV9876543');
    await places.nth(1).fill('Online');
    await issued.nth(1).fill(ddmmyyyy(addDays(todayInIndia(), -40)));
    await expires.nth(1).fill(ddmmyyyy(addDays(todayInIndia(), 50)));
    await date(page, 'Date of arrival in India', ddmmyyyy(addDays(todayInIndia(), -1)));
    await choose(page, 'Purpose of visit', 'Tourism');
    await form.getByRole('textbox', { name: 'Arrived from (place)', exact: true }).fill('Frankfurt');
    await choose(page, 'Arrived from (country)', 'Germany');
    await form.getByRole('textbox', { name: 'Next destination (place)', exact: true }).fill('Jaipur');
    await form.getByRole('textbox', { name: 'Address abroad', exact: true }).fill('Lindenstraße 5, 10969 Berlin');
    await expectAccessible(page, 'Form C dialog');
    await form.getByRole('button', { name: 'Save Form C' }).click();
    await expect(form).toBeHidden();

    // The booking shows the guest masked, due in 24 hours.
    const card = section.getByRole('article', { name: guest });
    await expect(card).toContainText('Passport ••••0T47');
    await expect(card).toContainText('e-Tourist visa');
    await expect(card.getByText('Due', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('C01X00T47');

    // The dashboard reminds until it is submitted.
    await page.goto('/admin/dashboard');
    const reminder = page.getByRole('region', { name: 'Form C to submit' });
    await expect(reminder).toContainText(/foreign guests? to report/);
    await reminder.getByRole('link', { name: 'Open Form C' }).click();
    await expect(page).toHaveURL(/\/admin\/formC$/);
    const listed = page.getByRole('article', { name: guest });
    await expect(listed).toBeVisible();
    await expectAccessible(page, 'Form C list');

    // The printed form holds the details whole.
    await listed.getByRole('link', { name: 'Print' }).click();
    await expect(page.getByRole('heading', { name: 'Form C: arrival of a foreign guest' })).toBeVisible();
    await expect(page.getByText('C01X00T47')).toBeVisible();
    await expect(page.getByText('Frankfurt, Germany')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectAccessible(page, 'Form C printed');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^form-c-[0-9a-f]{8}\.csv$/);

    // Marked submitted with the portal's reference: it leaves the list to submit.
    await page.getByRole('link', { name: 'Back to the booking' }).click();
    const again = page.getByRole('region', { name: 'Form C' }).getByRole('article', { name: guest });
    await again.getByRole('button', { name: 'Mark submitted' }).click();
    const submit = page.getByRole('dialog', { name: 'Mark Form C submitted' });
    await submit.getByRole('button', { name: 'Mark submitted' }).click();
    await expect(submit.getByText('The submission reference is required')).toBeVisible();
    await submit.getByRole('textbox', { name: 'Submission reference' }).fill('FRRO-2026-555');
    await submit.getByRole('button', { name: 'Mark submitted' }).click();
    await expect(again.getByText('Submitted', { exact: true })).toBeVisible();
    await expect(again).toContainText('FRRO-2026-555');
    await expect(again.getByRole('button', { name: 'Mark submitted' })).toHaveCount(0);

    // At the desk, the foreign guest checks in with their passport (its own shape, not India's), shown masked.
    await page.goto(`/admin/desk/${stayId}`);
    const arrival = page
      .getByRole('region', { name: /^Arrivals/ })
      .getByRole('article', { name: 'Rahul Sharma' })
      .first();
    await arrival.getByRole('button', { name: 'Check in' }).click();
    const checkIn = page.getByRole('dialog', { name: 'Check in Rahul Sharma' });
    await checkIn.getByText('Foreign national').click();
    await expect(checkIn.getByRole('button', { name: 'Record Form C' })).toBeVisible();
    await checkIn.getByRole('textbox', { name: 'ID number' }).fill('C01X00T47');
    await expectAccessible(page, 'check-in of a foreign national');
    await checkIn.getByRole('button', { name: 'Check in' }).click();
    const inHouse = page
      .getByRole('region', { name: /^In house/ })
      .getByRole('article', { name: 'Rahul Sharma' })
      .first();
    await expect(inHouse).toContainText('0T47');
  });
}

import { readFileSync } from 'node:fs';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

/** The seeded demo guest's finished stay (apps/api/src/seed/past-stay.ts): paid and invoiced. */
const PAST_STAY = 'The Indiranagar Grand';

test('the privacy notice is linked from sign-up and every page; the footer names the platform, its customer care and the grievance officer', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByRole('main').getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  for (const section of ['Who keeps your data', 'What we collect and why', 'How long we keep it', 'Your rights'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How long we keep it' })).toContainText('CGST Act, 2017 (section 36)');
  await expect(page.getByRole('region', { name: 'Who keeps your data' })).toContainText('Private Limited');
  await expectAccessible(page, 'privacy notice');

  const footer = page.getByRole('contentinfo');
  const care = footer.getByTestId('platform-contact');
  await expect(care).toContainText('StayBook is operated by');
  await expect(care.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(care.getByRole('link', { name: /^\+?\d/ })).toHaveAttribute('href', /^tel:/);
  // The officer with their designation.
  await expect(footer.getByTestId('grievance-officer')).toContainText(/\(demo\), Grievance Officer/);
  await page.goto('/');
  await footer.getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('a stay page names its seller with a contact number', async ({ page }) => {
  const token = await signIn(page, 'guest');
  const found = await page.request.get('/api/stays?featured=true');
  const { stays } = (await found.json()) as { stays: { id: string }[] };
  const stay = stays[0];
  if (!stay) throw new Error('no featured stay');
  const shown = await page.request.get(`/api/stays/${stay.id}`, { headers: { authorization: `Bearer ${token}` } });
  const { seller } = (await shown.json()) as { seller: { legalName: string; phone: string } };
  await page.goto(`/hotels/${stay.id}`);
  const block = page.getByRole('region', { name: 'Sold by' });
  await expect(block).toContainText(seller.legalName);
  await expect(block.getByRole('link', { name: seller.phone })).toHaveAttribute('href', `tel:${seller.phone}`);
});

test('a guest downloads a complete copy of their data from My Profile, as the notice says', async ({ page }) => {
  await signIn(page, 'guest');
  await page.goto('/privacy');
  await page.getByRole('link', { name: 'My Profile → Download my data' }).click();
  await expect(page).toHaveURL(/\/myProfile$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const data = JSON.parse(readFileSync(await (await download).path(), 'utf8'));

  expect(Object.keys(data).sort()).toEqual(
    [
      'bookings',
      'complaints',
      'exportedAt',
      'foreignGuestReports',
      'mailedLinks',
      'profile',
      'reviews',
      'sessions',
      'subscriptions',
      'wishlist',
    ].sort(),
  );
  expect(data.profile).toMatchObject({ email: DEMO.guest.email, billingPin: expect.stringMatching(/^\d{6}$/) });
  const stayed = data.bookings.find((b: { hotelName: string }) => b.hotelName === PAST_STAY);
  // The billing details the booking was sold with, its payment and its tax invoice.
  expect(stayed).toMatchObject({
    guestPin: expect.stringMatching(/^\d{6}$/),
    guestState: expect.stringMatching(/^\d{2}$/),
    payments: [expect.objectContaining({ amountPaise: expect.any(Number) })],
    invoices: expect.arrayContaining([expect.objectContaining({ kind: 'invoice' })]),
  });
  expect(stayed).toHaveProperty('holdAddress');
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokenHash|argon2/);
});

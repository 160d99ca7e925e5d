import { DEMO, expect, expectAccessible, mailedPath, signIn, test, uniqueEmail } from './fixtures.ts';

const rupees = (text: string) => Number((/₹([\d,]+)/.exec(text)?.[1] ?? '').replaceAll(',', ''));

test('an anonymous search goes to the login page, which says why and runs the search after login', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'City' }).fill('Chennai');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByRole('alert')).toHaveText('Log in to see stays for your search');
  await expectAccessible(page, 'login after a search');

  await page.getByLabel('Email').fill(DEMO.guest.email);
  await page.getByLabel(/^Password/).fill(DEMO.guest.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(
    /\/\?city=Chennai&checkIn=\d{4}-\d{2}-\d{2}&checkOut=\d{4}-\d{2}-\d{2}&adults=1&children=0&rooms=1$/,
  );
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Chennai');
});

test('a visitor sent to log in by a search signs up instead, and lands on that search after registering and logging in', async ({
  page,
}) => {
  const email = uniqueEmail('signup-search');
  const password = 'Travel@2026';
  await page.goto('/');
  await page.getByRole('textbox', { name: 'City' }).fill('Chennai');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByRole('alert')).toHaveText('Log in to see stays for your search');

  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2F%3Fcity%3DChennai/);
  await expect(page.getByRole('alert')).toHaveText('Sign up, then log in to see stays for your search');
  await expectAccessible(page, 'register for a search');
  await page.getByLabel('First Name').fill('Kavya');
  await page.getByLabel('Last Name').fill('Reddy');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // As the spec says, registration goes to the login page with the server's message; the search comes along.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Fcity%3DChennai/);
  await expect(page.getByText('Registered successfully')).toBeVisible();
  await expect(page.getByText('Log in to see stays for your search')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(
    /\/\?city=Chennai&checkIn=\d{4}-\d{2}-\d{2}&checkOut=\d{4}-\d{2}-\d{2}&adults=1&children=0&rooms=1$/,
  );
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
  const results = page.url();

  // A new account confirms its email before it can book (ADR 024): the results say so, and the link can be sent again.
  const notice = page.getByRole('region', { name: 'Confirm your email address to book' });
  await expect(notice).toContainText(email);
  await expectAccessible(page, 'search results with the confirm-email notice');
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We have sent a new confirmation link' })).toBeVisible();
  // The guest opens the mailed link, as from their mail program.
  await page.goto(await mailedPath(email, /\/confirm-email\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+/));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText('Your email address is confirmed. You can book now')).toBeVisible();
  await expectAccessible(page, 'email confirmed');
  await page.getByRole('link', { name: 'Find a stay' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(results);
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address to book' })).toHaveCount(0);
});

test('a search link opened logged out goes to login with the reason; a plain login visit shows none', async ({ page }) => {
  await page.goto('/?city=Goa&adults=2');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Fcity%3DGoa%26adults%3D2$/);
  await expect(page.getByRole('alert')).toHaveText('Log in to see stays for your search');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Log in to see stays for your search')).toHaveCount(0);
});

test('a guest searches a city with dates and guests, filters, sorts, goes back and opens a stay', async ({ page }) => {
  await signIn(page, 'guest');

  // The city check really runs.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('City name cant be empty')).toBeVisible();

  await page.getByRole('textbox', { name: 'City' }).fill('Bangalore');
  await page.getByRole('button', { name: /^Dates/ }).click();
  const days = page.getByRole('textbox', { name: 'Number of days starting today' });
  await days.fill('3');
  // The open calendar (day numbers, month and weekday labels, date inputs) passes the axe check too.
  await expect(page.getByRole('dialog', { name: 'Dates' })).toBeVisible();
  await expectAccessible(page, 'open search calendar');
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Dates/ })).toHaveText(/^\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}$/);

  await page.getByRole('button', { name: /^Guests and rooms/ }).click();
  await page.getByRole('button', { name: 'More adults' }).click();
  await expect(page.getByRole('button', { name: /^Guests and rooms/ })).toHaveText('2 Adults · 0 Children · 1 Room');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
  await expect(page).toHaveURL(/city=Bangalore/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(cards.first()).toContainText('Inclusive Of all taxes');
  await expect(cards.first()).toContainText('kms from city centre');
  await expectAccessible(page, 'search results');

  // Sort by price, high to low: the prices come in that order.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: high to low' }).click();
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect
    .poll(async () => {
      const prices = (await page.getByRole('article').allInnerTexts()).map(rupees);
      return prices.every((p, i) => i === 0 || p <= (prices[i - 1] as number)) && prices.length > 1;
    })
    .toBe(true);

  // Filters: a stay type and an amenity.
  await page.getByRole('combobox', { name: 'Stay type' }).click();
  await page.getByRole('option', { name: 'Hotel', exact: true }).click();
  await expect(page).toHaveURL(/type=Hotel/);
  await page.getByRole('group', { name: 'Amenities' }).getByText('Free Wifi', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Free Wifi' })).toBeChecked();
  await expect(page).toHaveURL(/amenities=Free\+Wifi/);
  await expect(page.getByRole('article').first()).toContainText('Free Wifi');

  // Back to browsing resets the search.
  await page.getByRole('button', { name: 'Back to browsing' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('');

  // Search again, sort, and open a stay: its URL carries the city, dates and guests.
  await page.getByRole('textbox', { name: 'City' }).fill('bengaluru');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  const sorted = page.waitForResponse((r) => r.url().includes('/api/stays/search') && r.url().includes('sort=rating'));
  await page.getByRole('option', { name: 'Rating: best first' }).click();
  await expect(page).toHaveURL(/sort=rating/);
  // The sorted results, not the last ones, which stay shown (dimmed and busy) until the sorted ones arrive.
  await sorted;
  await expect(page.getByTestId('search-hits')).toHaveAttribute('aria-busy', 'false');
  const results = page.url();
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  const name = ((await first.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  await first.getByRole('link', { name: /Check availabilty/ }).click();
  await expect(page).toHaveURL(
    /\/hotels\/[0-9a-f-]{36}\?city=bengaluru&checkIn=\d{4}-\d{2}-\d{2}&checkOut=\d{4}-\d{2}-\d{2}&adults=1&children=0&rooms=1$/,
  );
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const stayUrl = page.url();

  // Reloaded, the stay keeps the search; Back returns to the same results, sort included.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('1 room × 1 night at the lowest price; tick rooms for their own prices')).toBeVisible();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(results);
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('bengaluru');

  // A shared stay link (opened fresh, no history): Back still returns to its city, dates and guests.
  await page.goto(stayUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(`/?${new URL(stayUrl).searchParams.toString()}`);
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the search calendar opens as a full-screen dialog that passes the axe check', async ({ page }) => {
    await signIn(page, 'guest');
    await page.getByRole('button', { name: /^Dates/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Number of days starting today' })).toBeVisible();
    await expectAccessible(page, 'open search calendar on a phone');
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

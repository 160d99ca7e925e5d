import { expect, signIn, test } from './fixtures.ts';

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('home and results on a phone (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the first result shows without scrolling and its map pin sits beside its text', async ({ page }) => {
    await signIn(page, 'guest');
    await page.goto(`/?city=bengaluru&checkIn=${isoIn(20)}&checkOut=${isoIn(22)}&adults=1&children=0&rooms=1`);
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    // The first result's name and its button are on the first screen.
    const name = first.getByRole('heading', { level: 3 });
    const nameBox = await name.boundingBox();
    expect(nameBox && nameBox.y + nameBox.height).toBeLessThanOrEqual(812);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The pin is on the same line as the start of its text, not alone above it.
    const place = first.getByTestId('hit-place');
    const pin = await place.locator('svg').boundingBox();
    const text = await place.locator('p').boundingBox();
    expect(pin && text).toBeTruthy();
    if (pin && text) {
      expect(pin.x + pin.width).toBeLessThanOrEqual(text.x);
      expect(pin.y).toBeLessThan(text.y + 20);
    }
    // The search is one line that opens the form.
    await page.getByRole('button', { name: /^Change search: / }).click();
    await expect(page.getByRole('textbox', { name: 'City' })).toBeFocused();
  });

  test('a stay-type card asks for a city first, then searches that type there', async ({ page }) => {
    await signIn(page, 'guest');
    await page.getByRole('button', { name: /^Search Resorts, / }).click();
    const city = page.getByRole('textbox', { name: 'City' });
    await expect(city).toBeFocused();
    await expect(page.getByText('Enter a city to see its Resorts')).toBeVisible();
    await city.fill('Bengaluru');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/city=Bengaluru.*type=Resort/);
    await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();
    // With a city typed, a type card searches at once.
    await page.goto('/');
    await page.getByRole('textbox', { name: 'City' }).fill('Chennai');
    await page.getByRole('button', { name: /^Search Hotels, / }).click();
    await expect(page).toHaveURL(/city=Chennai.*type=Hotel/);
  });
});

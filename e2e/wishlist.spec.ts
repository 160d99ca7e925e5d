import { expect, expectAccessible, signIn, test } from './fixtures.ts';

test('a guest saves a stay from the results, finds it on Saved, opens it and removes it', async ({ page }) => {
  await signIn(page, 'guest');

  // Search a city for the next three days.
  await page.getByRole('textbox', { name: 'City' }).fill('Bangalore');
  await page.getByRole('button', { name: /^Dates/ }).click();
  await page.getByRole('textbox', { name: 'Number of days starting today' }).fill('3');
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'List of Stays availble' })).toBeVisible();

  // Save the first result with its heart: it is pressed at once and stays so.
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  const heart = card.getByRole('button', { name: `Save ${name}`, exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toBeEnabled();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'search results with hearts');

  // Saved, from the header's account menu, lists it.
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  const saved = page.getByRole('link', { name, exact: true });
  await expect(saved).toBeVisible();
  await expect(page.getByText('1 saved stay')).toBeVisible();
  await expectAccessible(page, 'Saved page with a stay');

  // The card opens the stay, whose heart is pressed too; un-pressing it removes the stay.
  await saved.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const stayHeart = page.getByRole('button', { name: `Save ${name}`, exact: true });
  await expect(stayHeart).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'stay page with a heart');
  await stayHeart.click();
  await expect(stayHeart).toHaveAttribute('aria-pressed', 'false');
  await expect(stayHeart).toBeEnabled();

  // Saved is empty again, and says so.
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Saved' }).click();
  await expect(page.getByRole('heading', { name: 'No saved stays yet' })).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expectAccessible(page, 'empty Saved page');
});

test("the home page's most-liked cards carry the same heart for a signed-in guest, and none for a visitor", async ({ page }) => {
  await page.goto('/');
  const block = page.getByRole('region', { name: 'Homes guests love' });
  const first = block.getByRole('heading', { level: 3 }).first();
  await expect(first).toBeVisible();
  await expect(block.getByRole('button', { name: /^Save / })).toHaveCount(0);

  await signIn(page, 'guest');
  const name = (await first.textContent())?.trim() ?? '';
  const heart = block.getByRole('button', { name: `Save ${name}`, exact: true });
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'home with hearts');

  // Saved lists it; back home its heart is still pressed, and un-pressing it removes it.
  await page.goto('/saved');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.goto('/');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toBeEnabled();
  await page.goto('/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});

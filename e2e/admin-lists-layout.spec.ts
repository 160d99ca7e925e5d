import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

/** The admin lists (users, a stay type, a stay's rooms), as the seeded demo admin sees them. */
async function listPaths(page: Page) {
  await page.goto('/admin/hotel');
  const roomsHref = await page
    .getByRole('link', { name: /^Rooms List: / })
    .first()
    .getAttribute('href');
  return ['/admin/allusers', '/admin/hotel', roomsHref ?? ''];
}

/** True when the element lies wholly inside the viewport's width. */
const inViewport = (page: Page, el: ReturnType<Page['locator']>) =>
  el.evaluate((node, width) => {
    const r = node.getBoundingClientRect();
    return r.left >= 0 && r.right <= width;
  }, page.viewportSize()?.width ?? 0);

test.describe('admin lists on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('every field and button of every list is on screen, nothing scrolls sideways', async ({ page }) => {
    await signIn(page, 'admin');
    for (const path of await listPaths(page)) {
      await page.goto(path);
      const cards = page.getByTestId(path === '/admin/hotel' ? 'admin-stay-card' : 'admin-row-card');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByRole('table')).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scroll width`).toBeLessThanOrEqual(375);
      const card = cards.first();
      for (const el of await card.locator('dt, dd, a, button').all()) {
        expect(await inViewport(page, el), `${path}: ${await el.textContent()}`).toBe(true);
      }
    }
    // Users: Mobile, IsAdmin and both buttons of another user are on the card.
    await page.goto('/admin/allusers');
    const guest = page.getByTestId('admin-row-card').filter({ hasText: 'guest@staybook.in' });
    await expect(guest.locator('dt')).toHaveText(['S.No', 'Name', 'Email', 'Mobile', 'IsAdmin']);
    await expect(guest.getByRole('link', { name: /^Edit: / })).toBeVisible();
    await expect(guest.getByRole('button', { name: /^Delete: / })).toBeVisible();
    // Keyboard: the card's Edit link is reached with Tab and opens the user.
    await guest.getByRole('link', { name: /^Edit: / }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/edituser\//);
  });
});

test.describe('admin lists on a laptop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('each list lines up with the header’s brand, not the window’s edge', async ({ page }) => {
    await signIn(page, 'admin');
    const brandLeft = await page
      .locator('header a')
      .first()
      .evaluate((a) => a.getBoundingClientRect().left);
    expect(brandLeft).toBeGreaterThan(40);
    for (const path of await listPaths(page)) {
      await page.goto(path);
      await expect(page.getByRole('table')).toBeVisible();
      const titleLeft = await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().left);
      const tableLeft = await page
        .getByRole('table')
        .evaluate((t) => t.closest('.mantine-Paper-root')?.getBoundingClientRect().left);
      expect(Math.round(titleLeft), `${path} title`).toBe(Math.round(brandLeft));
      expect(Math.round(tableLeft ?? 0), `${path} table`).toBe(Math.round(brandLeft));
    }
  });
});

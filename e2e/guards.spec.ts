import { expect, expectAccessible, test } from './fixtures.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

const GUEST_PAGES = [`/orders/${SOME_ID}`, '/myProfile', `/hotels/${SOME_ID}`];
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/allusers',
  `/admin/edituser/${SOME_ID}`,
  '/admin/addStay',
  `/admin/editStay/${SOME_ID}`,
  `/admin/rooms/${SOME_ID}`,
  `/admin/addRoom/${SOME_ID}`,
  '/admin/myProfile',
  '/admin/hotel',
  '/admin/villa',
  '/admin/resort',
  '/admin/cottage',
  '/admin/cabin',
];
const OPEN_PAGES = ['/login', '/register', '/forgotpassword', '/resetPassword'];
const OPEN_ADMIN_PAGES = ['/admin', '/admin/register', '/admin/forgotpassword', '/admin/resetPassword'];

test.describe('journey 8: guards', () => {
  for (const path of GUEST_PAGES) {
    test(`${path} without a guest token goes to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      await expectAccessible(page, `${path} → /`);
    });
  }

  for (const path of ADMIN_PAGES) {
    test(`${path} without an admin token goes to /admin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      await expectAccessible(page, `${path} → /admin`);
    });
  }

  test('a guest token does not open admin pages', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('loginToken', 'not.an.admin-token'));
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });

  for (const path of [...OPEN_PAGES, ...OPEN_ADMIN_PAGES]) {
    test(`${path} opens without a token`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    });
  }

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    await expectAccessible(page, 'not found');
  });
});

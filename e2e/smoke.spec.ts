import { expect, test } from './fixtures.ts';

test('the built app serves the home page and the API', async ({ page, request }) => {
  const ready = await request.get('/api/ready');
  expect(ready.ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveTitle(/StayBook/);
});

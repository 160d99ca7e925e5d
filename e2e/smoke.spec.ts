import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

test('the built app serves the home page and the API', async ({ page, request }) => {
  const ready = await request.get('/api/ready');
  expect(ready.ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveTitle(/StayBook/);
});

/**
 * The start of `/` as a phone pays for it (the page budgets in scripts/budget.ts, which `npm run budget` measures): the
 * JavaScript it loads stays within 170 KB gzip, and it comes in a handful of files. Each further file on the start
 * path costs a phone another round trip over HTTP/1.1's six connections; the home screen and what it uses are in
 * the start bundle, and the admin area, calendars, checkout, toasts and footer form load only when used.
 */
test('the home page starts with its code in a few files, within the JavaScript budget', async ({ page }) => {
  const loads: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url()).pathname;
    loads.push(response.body().then((body) => ({ url, gzip: gzipSync(body).length })));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('city-card')).toHaveCount(4);
  const scripts = await Promise.all(loads);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  expect(scripts.length, scripts.map((s) => s.url).join(', ')).toBeLessThanOrEqual(4);
  expect(total / 1024).toBeLessThanOrEqual(170);
});

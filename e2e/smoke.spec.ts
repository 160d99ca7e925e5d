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

/**
 * The first frame is in the HTML (apps/web/vite.config.ts, appShell): before any script runs, a page already shows the
 * header bar with the brand, where the app's header then draws itself, so a phone paints at once (first contentful
 * paint) and nothing moves when the app takes over.
 */
test('the header bar shows before any script runs, in the place of the app header', async ({ browser }) => {
  for (const width of [375, 1280]) {
    const shell = await browser.newContext({ viewport: { width, height: 640 }, javaScriptEnabled: false });
    const first = await shell.newPage();
    await first.goto('/login');
    const bar = first.locator('#root .app-shell');
    await expect(bar).toContainText('StayBook');
    const barBox = await bar.boundingBox();
    const brandBox = await bar.locator('span').boundingBox();
    await shell.close();

    const app = await browser.newContext({ viewport: { width, height: 640 } });
    const page = await app.newPage();
    await page.goto('/login');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'StayBook' })).toBeVisible();
    await expect(page.locator('.app-shell')).toHaveCount(0);
    expect(await header.boundingBox(), `header at ${width} px`).toEqual(barBox);
    const brand = await header.getByRole('link', { name: 'StayBook' }).boundingBox();
    // The brand (icon and name) starts at the same place and shares its middle line.
    expect(Math.abs((brand?.x ?? 0) - (brandBox?.x ?? 0)), `brand x at ${width} px`).toBeLessThanOrEqual(1);
    const middle = (b: typeof brand) => (b ? b.y + b.height / 2 : 0);
    expect(Math.abs(middle(brand) - middle(brandBox)), `brand middle at ${width} px`).toBeLessThanOrEqual(1);
    await app.close();
  }
});

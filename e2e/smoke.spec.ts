import { gzipSync } from 'node:zlib';
import { expect, newUser, signIn, test } from './fixtures.ts';

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

/**
 * A signed-in guest's stay page asks for its stay from the HTML (EARLY_REQUEST_SCRIPT in packages/shared, allowed by
 * the Content-Security-Policy by its hash), while the app's code loads: the request goes out even when no script
 * file loads at all, and with the app it is the only request for the stay (the app takes its answer). A script
 * the policy refused would be a console error, which fails the test.
 */
test('a stay page asks for its stay before the app code runs, once', async ({ page }) => {
  const featured = await page.request.get('/api/stays?featured=true');
  const [stay] = ((await featured.json()) as { stays: { id: string; name: string }[] }).stays;
  if (!stay) throw new Error('no featured stay');
  // A guest of its own: the demo guest's logins are counted by its account's login limit.
  const guest = newUser();
  expect((await page.request.post('/api/auth/register', { data: guest })).status()).toBe(201);
  await signIn(page, 'guest', { email: guest.email, password: guest.password });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/stays/${stay.id}`) asked.push(r.headers().authorization ?? '');
  });

  // Every script file answers empty: only the page's inline script can ask.
  await page.route('**/assets/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.goto(`/hotels/${stay.id}`);
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/^Bearer .+/);
  await page.unroute('**/assets/*.js');

  asked.length = 0;
  await page.goto(`/hotels/${stay.id}`);
  await expect(page.getByRole('heading', { level: 1, name: stay.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toHaveLength(1);
});

/**
 * The stylesheets follow the header bar in the HTML (apps/web/vite.config.ts, stylesAfterShell), so the bar paints
 * while they are still on their way; the app then runs styled, with the stylesheets moved to the head (main.tsx),
 * ahead of those its screens add later.
 */
test('the header bar paints before the stylesheets arrive, and the app runs with them in the head', async ({ page }) => {
  // Every stylesheet is held back until the page has painted: a page that waits for them never paints, and fails.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.css', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('#root .app-shell')).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  release();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => document.head.querySelectorAll('link[rel="stylesheet"]').length)).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => document.body.querySelectorAll(':scope > link[rel="stylesheet"]').length)).toBe(0);
});

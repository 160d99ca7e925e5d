import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The owner's screens (the dashboard's month, reservations, a reservation, the occupancy calendar, a room type's prices)
 * on a phone and on a laptop, as the seeded demo admin sees them.
 */
async function ownerPaths(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const { stays } = (await (await request.get('/api/admin/stays', { headers })).json()) as { stays: { id: string }[] };
  const { reservations } = (await (await request.get('/api/admin/reservations', { headers })).json()) as {
    reservations: { id: string }[];
  };
  const stay = stays[0];
  const reservation = reservations[0];
  if (!stay || !reservation) throw new Error('the demo admin has no stay or no reservation');
  const { rooms } = (await (await request.get(`/api/admin/stays/${stay.id}/rooms`, { headers })).json()) as {
    rooms: { roomTypeId: string }[];
  };
  const roomTypeId = rooms[0]?.roomTypeId;
  if (!roomTypeId) throw new Error('the stay has no room type');
  return {
    dashboard: '/admin/dashboard',
    reservations: '/admin/reservations',
    reservation: `/admin/reservations/${reservation.id}`,
    calendar: `/admin/calendar/${stay.id}`,
    prices: `/admin/roomPrices/${roomTypeId}`,
  };
}

/** What the page shows once loaded. */
async function loaded(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (path.endsWith('/dashboard')) {
    await expect(page.getByTestId('month-totals')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Edit: / }).first()).toBeAttached();
  }
}

/**
 * The visible texts, links, fields and buttons of the page that stick out of the viewport's width, outside any
 * element that scrolls sideways on its own (the occupancy grid's scroller), and the page's own scroll width.
 */
const offScreen = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll') && p !== document.documentElement && p !== document.body) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll(
      'main h1, main h2, main a, main button, main input, main svg, main td, main th, main dt, main dd, main p',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || scrolls(el)) continue;
      if (r.left < -0.5 || r.right > width + 0.5)
        out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out };
  });

test.describe("the owner's screens on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('nothing is off screen and the page never scrolls sideways (the occupancy grid scrolls in its own box)', async ({
    page,
  }) => {
    // Long: it loads and measures every owner screen in turn.
    test.setTimeout(120_000);
    const token = await signIn(page, 'admin');
    const paths = await ownerPaths(page.request, token);
    for (const path of Object.values(paths)) {
      await loaded(page, path);
      const found = await offScreen(page);
      expect(found.out, `${path}: off screen`).toEqual([]);
      expect(found.scrollWidth, `${path}: page scroll width`).toBeLessThanOrEqual(375);
    }
    // The grid has more nights than fit: it scrolls inside its own scroller, not the page.
    await loaded(page, paths.calendar);
    const grid = page.getByRole('region', { name: /: rooms by night/ });
    const scroller = await grid.evaluate((el) => {
      let s: HTMLElement | null = el as HTMLElement;
      while (s && !['auto', 'scroll'].includes(getComputedStyle(s).overflowX)) s = s.parentElement;
      return s ? { scrollWidth: s.scrollWidth, clientWidth: s.clientWidth } : null;
    });
    expect(scroller).not.toBeNull();
    expect(scroller?.scrollWidth ?? 0).toBeGreaterThan(scroller?.clientWidth ?? 0);
    // It opens with today's night in view, not at the 1st of the month.
    const todayInView = await page.locator('th[data-today]').evaluate((th) => {
      const box = (th.closest('section') as HTMLElement).getBoundingClientRect();
      const r = th.getBoundingClientRect();
      return r.left >= box.left && r.right <= box.right;
    });
    expect(todayInView, "today's column in view").toBe(true);
  });
});

test.describe("the owner's screens on a laptop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('each lines up with the header’s brand, like the other admin lists', async ({ page }) => {
    // Long: it loads and measures every owner screen in turn.
    test.setTimeout(120_000);
    const token = await signIn(page, 'admin');
    const brandLeft = await page
      .locator('header a')
      .first()
      .evaluate((a) => a.getBoundingClientRect().left);
    expect(brandLeft).toBeGreaterThan(40);
    for (const path of Object.values(await ownerPaths(page.request, token))) {
      await loaded(page, path);
      const titleLeft = await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().left);
      expect(Math.round(titleLeft), `${path} title`).toBe(Math.round(brandLeft));
      const found = await offScreen(page);
      expect(found.out, `${path}: off screen`).toEqual([]);
      expect(found.scrollWidth, `${path}: page scroll width`).toBeLessThanOrEqual(1280);
    }
    // The dashboard's month totals start where the title does.
    await loaded(page, '/admin/dashboard');
    const cardLeft = await page.getByTestId('month-totals').evaluate((c) => c.getBoundingClientRect().left);
    expect(Math.round(cardLeft)).toBe(Math.round(brandLeft));
  });
});

/** The signed-out admin pages: login, sign-up, forgot password, its mailed link's page and the reset form. */
const SIGNED_OUT_ADMIN_PAGES = [
  '/admin',
  '/admin/register',
  '/admin/forgotpassword',
  '/admin/forgotpassword/0/verify/0',
  '/admin/resetPassword',
];

for (const width of [375, 1280]) {
  test.describe(`the admin's sign-in pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("fit the screen: the header's Login and Sign Up in view, no sideways scroll, accessible", async ({ page }) => {
      for (const path of SIGNED_OUT_ADMIN_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const nav = page.getByRole('navigation', { name: 'Admin navigation' });
        for (const name of ['Login', 'Sign Up']) {
          const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
          expect(box ? box.x + box.width : Number.POSITIVE_INFINITY, `${path}: ${name} in view`).toBeLessThanOrEqual(width);
        }
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path}: page scroll width`).toBeLessThanOrEqual(width);
        await expectAccessible(page, `${path} at ${width} px`);
      }
    });
  });
}

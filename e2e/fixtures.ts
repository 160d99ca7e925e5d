import { readdirSync, readFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@repo/shared/constants/domain';
import { DEMO_ACCOUNTS } from '@repo/shared/factories';

/** The data folder of the app under test (playwright.config.ts passes it to the server). */
export const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '../tmp/e2e-data'));

/** The seeded demo accounts (README), as they sign in. */
export const DEMO: Record<'admin' | 'guest', { email: string; password: string }> = {
  admin: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
  guest: { email: DEMO_ACCOUNTS.guest.email, password: DEMO_ACCOUNTS.guest.password },
};

/**
 * Fails on any serious or critical axe-core violation on the page once its transitions have ended (a dialog still
 * fading in has text at part opacity, which axe would measure as low contrast). Endless animations (skeletons,
 * loaders) are not waited for.
 */
export async function expectAccessible(page: Page, label: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // axe-core runs in the page itself (the app has no frames): a builder that also gathers frames' results in a
  // second page took about 1.5 s a check, against 0.2 s here.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const bad = await page.evaluate(
    async (tags) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
    },
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
  );
  expect(bad, `axe on ${label}`).toEqual([]);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The newest mail in the outbox whose text contains `needle`: its text. */
export function readLatestMail(needle: string): string {
  const outbox = path.join(DATA_DIR, 'outbox');
  const files = readdirSync(outbox).sort().reverse();
  for (const f of files) {
    const text = readFileSync(path.join(outbox, f), 'utf8');
    if (text.includes(needle)) return text;
  }
  throw new Error(`no mail containing ${needle}`);
}

/**
 * The first path matching `path` in the newest mail to `email` that has one (quoted-printable soft breaks and
 * escapes undone), waiting for it to be mailed: as a guest opens a link from their mail program.
 */
export async function mailedPath(email: string, path: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const outbox = join(DATA_DIR, 'outbox');
        for (const f of readdirSync(outbox).sort().reverse()) {
          const text = readFileSync(join(outbox, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
          if (!text.includes(`To: ${email}`)) continue;
          const m = path.exec(text);
          if (m) {
            found = m[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} with ${path}`, timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

export { newUser, uniqueEmail } from '@repo/shared/factories';

/**
 * Signs an account in by the API and stores its token as the app does, then opens the area's start page (/ or the
 * admin dashboard). Journeys use this; only the journeys that test login use the forms (loginAsGuest, loginAsAdmin).
 */
export async function signIn(page: Page, area: 'guest' | 'admin', creds = area === 'admin' ? DEMO.admin : DEMO.guest) {
  const res = await page.request.post(area === 'admin' ? '/api/admin/auth/login' : '/api/auth/login', { data: creds });
  expect(res.status(), `${area} login by API`).toBe(200);
  const body = (await res.json()) as { loginToken?: string; adminLoginToken?: string };
  const token = area === 'admin' ? body.adminLoginToken : body.loginToken;
  if (!token) throw new Error(`${area} login answered no token`);
  // localStorage belongs to the origin: a cheap same-origin page first, then the token, then the area.
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS[area === 'admin' ? 'adminToken' : 'guestToken'],
    token,
  ] as const);
  await page.goto(area === 'admin' ? '/admin/dashboard' : '/');
  return token;
}

/** Logs a guest in through the UI and waits for the home page. */
export async function loginAsGuest(page: Page, email = DEMO.guest.email, password = DEMO.guest.password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Logs an admin in through the admin login and waits for the dashboard. */
export async function loginAsAdmin(page: Page, email = DEMO.admin.email, password = DEMO.admin.password) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A stray console error fails the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) {
          errors.push(msg.text());
        }
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAsAdmin, mailedPath, signIn, test, uniqueEmail } from './fixtures.ts';

/** The seeded demo guest's finished stay (apps/api/src/seed/past-stay.ts), owned by the demo admin: it has a booking. */
const STAY = 'The Indiranagar Grand';
const SCREENS = path.resolve(import.meta.dirname, '../tmp/screens');
const PASSWORD = 'Desk@12345';
const WIDTHS = [375, 1280] as const;

/** No rupee amount anywhere on the page (the front desk sees no money, ADR 066). */
async function expectNoMoney(page: Page, where: string) {
  await expect(page.locator('body'), where).not.toContainText('₹');
}

/** Opens the navigation (the burger's drawer on a phone) and says which admin links it offers. */
async function navLinks(page: Page, width: number): Promise<string[]> {
  if (width < 1200) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeVisible();
    const names = await drawer.getByRole('link').allInnerTexts();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    return names.map((n) => n.trim());
  }
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'My Profile' })).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((n) => n.trim());
}

test('an owner invites a front-desk member, who accepts, signs in and sees their stay and its bookings without any money', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('desk');

  // The owner invites them from the Staff page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  await page.getByRole('banner').getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Invite a member' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Email is required')).toBeVisible();
  await form.getByLabel('Email').fill(email);
  await form.getByRole('radio', { name: 'Front desk' }).check();
  await form.getByRole('checkbox', { name: STAY }).check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const list = page.getByRole('region', { name: 'Members and invitations' });
  await expect(list.getByText(email).first()).toBeVisible();
  await expect(list.getByText(/Link works until/).first()).toBeVisible();
  await expectAccessible(page, 'the Staff page');
  await page.screenshot({ path: path.join(SCREENS, 'staff-owner-1280.png'), fullPage: true });

  // The invitee opens the mailed link on their phone, in a browser of their own, and sets up their account.
  const link = await mailedPath(email, /\/admin\/staff-invite\/[0-9a-f-]{36}\/[\w-]+/);
  const desk = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await desk.goto(link);
  await expect(desk.getByText(`invites you as front desk at ${STAY}`)).toBeVisible();
  await desk.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(desk.getByText('Firstname is required')).toBeVisible();
  await desk.getByLabel('First name').fill('Devi');
  await desk.getByLabel('Last name').fill('Rao');
  await desk.getByLabel('Mobile').fill('9876501234');
  await desk.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await expectAccessible(desk, 'the invitation page');
  await desk.screenshot({ path: path.join(SCREENS, 'staff-accept-375.png'), fullPage: true });
  await desk.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(desk).toHaveURL(/\/admin$/);

  // They sign in to the admin area with their own email and password.
  await loginAsAdmin(desk, email, PASSWORD);
  await expect(desk.getByRole('heading', { level: 1, name: 'Your stays' })).toBeVisible();

  for (const width of WIDTHS) {
    await desk.setViewportSize({ width, height: 900 });
    await desk.goto('/admin/dashboard');
    await expect(desk.getByRole('heading', { level: 1, name: 'Your stays' })).toBeVisible();
    await expect(desk.getByText('Front desk for')).toBeVisible();
    await expect(desk.getByRole('heading', { level: 2, name: STAY })).toBeVisible();
    await expectNoMoney(desk, `the start page at ${width}`);
    const links = await navLinks(desk, width);
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Reservations', 'My Profile']));
    for (const hidden of ['Documents', 'Payouts', 'Staff', 'Add Stay', 'Complaints', 'Users'])
      expect(links).not.toContain(hidden);
    await desk.screenshot({ path: path.join(SCREENS, `staff-desk-home-${width}.png`), fullPage: true });

    // The stay's bookings: guests and dates, no amounts, no export.
    await desk.getByRole('link', { name: 'Reservations' }).first().click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
    const view = desk.getByRole('link', { name: /^View: / }).first();
    await expect(view).toBeVisible();
    await expect(desk.getByRole('button', { name: /Export/ })).toHaveCount(0);
    await expectNoMoney(desk, `the reservations at ${width}`);
    await desk.screenshot({ path: path.join(SCREENS, `staff-desk-reservations-${width}.png`), fullPage: true });

    // One booking: the guest and stay, what staff did, no payment and no tax documents.
    await view.click();
    await expect(desk.getByRole('region', { name: 'Done by staff' })).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Guest' })).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Payment' })).toHaveCount(0);
    await expect(desk.getByRole('region', { name: 'Tax documents' })).toHaveCount(0);
    await expectNoMoney(desk, `a reservation at ${width}`);
    await expectAccessible(desk, `a reservation seen by the front desk at ${width}`);
    await desk.screenshot({ path: path.join(SCREENS, `staff-desk-reservation-${width}.png`), fullPage: true });
  }

  // The owner's own pages, opened by their address, are not theirs.
  for (const url of ['/admin/payouts', '/admin/documents', '/admin/staff']) {
    await desk.goto(url);
    await expect(desk.getByText("This page is the stay owner's own")).toBeVisible();
    await expectNoMoney(desk, url);
  }

  // The owner sees them active, then removes them: their next request signs them out.
  await page.reload();
  const row = list.getByRole('table').getByRole('row', { name: /Devi Rao/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: 'Remove: Devi Rao' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('table').getByText('Devi Rao')).toHaveCount(0);
  await desk.goto('/admin/reservations');
  await expect(desk).toHaveURL(/\/admin$/);
  await desk.close();
});

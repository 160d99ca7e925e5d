import { MSG } from '@repo/shared/constants/messages';
import { todayInIndia } from '@repo/shared/domain/dates';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

/** A stay of the demo admin (the catalogue's Bengaluru hotel). */
const STAY = 'The Indiranagar Grand';

/** The stay's id, and a room free tonight that no earlier run of this journey took. */
async function freeRoomTonight(request: APIRequestContext, taken: ReadonlySet<number>) {
  const login = await request.post('/api/admin/auth/login', { data: DEMO.admin });
  const headers = { authorization: `Bearer ${((await login.json()) as { adminLoginToken: string }).adminLoginToken}` };
  const stays = (await (await request.get('/api/admin/stays', { headers })).json()) as { stays: { id: string; name: string }[] };
  const stay = stays.stays.find((s) => s.name === STAY);
  if (!stay) throw new Error(`${STAY} is not a stay of the demo admin`);
  const today = todayInIndia();
  const grid = (await (await request.get(`/api/admin/stays/${stay.id}/occupancy`, { headers })).json()) as {
    nights: string[];
    rooms: { number: number; nights: string[] }[];
  };
  const i = grid.nights.indexOf(today);
  const room = grid.rooms.find((r) => r.nights[i] === 'free' && !taken.has(r.number));
  if (!room) throw new Error('no room of the stay is free tonight');
  return { stayId: stay.id, number: room.number };
}

const taken = new Set<number>();

for (const width of [375, 1280]) {
  test.describe(`the front desk at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('a walk-in is booked from the calendar and paid in cash, checked in and out; the room goes dirty and clean again', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { stayId, number } = await freeRoomTonight(page.request, taken);
      taken.add(number);
      const guestName = `Walk-in Guest ${width}`;
      await signIn(page, 'admin');

      // Tonight's free night of the room opens the desk's booking form.
      await page.goto(`/admin/calendar/${stayId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Occupancy calendar' })).toBeVisible();
      await page
        .getByRole('button', { name: new RegExp(`^Book room ${number} from .* at the desk$`) })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Guest name' }).fill(guestName);
      await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('98765');
      await dialog.getByRole('button', { name: 'Book' }).click();
      // A mobile that is not an Indian mobile is named, and nothing is booked.
      await expect(dialog.getByText(MSG.mobileInvalid)).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(`98765${String(width).padStart(5, '0')}`);
      await dialog.getByText('Cash', { exact: true }).click();
      await expectAccessible(page, 'desk booking form');
      await page.screenshot({ path: `${test.info().outputDir}/desk-booking-${width}.png` });
      await dialog.getByRole('button', { name: 'Book' }).click();
      await expect(page.getByText(`Booked for ${guestName}`)).toBeVisible();
      await expect(dialog).toBeHidden();

      // The desk's day: the walk-in arrives paid, with its invoice.
      await page.getByRole('link', { name: 'Front desk' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/desk/${stayId}$`));
      const arrivals = page.getByRole('region', { name: /^Arrivals/ });
      const card = arrivals.getByRole('article', { name: guestName });
      await expect(card).toContainText('Paid');
      await expect(card.getByRole('button', { name: /^Invoice / })).toBeVisible();
      await expectAccessible(page, 'front desk');

      // Check-in: an Aadhaar's whole number is refused; its last four digits are all that is kept, shown masked.
      await card.getByRole('button', { name: 'Check in' }).click();
      const checkIn = page.getByRole('dialog');
      await checkIn.getByRole('textbox', { name: 'ID number' }).fill('1234');
      await checkIn.getByRole('button', { name: 'Check in' }).click();
      await expect(page.getByText('Checked in', { exact: true }).first()).toBeVisible();
      const inHouse = page.getByRole('region', { name: /^In house/ }).getByRole('article', { name: guestName });
      await expect(inHouse).toContainText('XXXX XXXX 1234');
      await page.screenshot({ path: `${test.info().outputDir}/desk-day-${width}.png`, fullPage: true });

      // Check-out: nothing is due (paid in cash at booking); the room goes dirty.
      await inHouse.getByRole('button', { name: 'Check out' }).click();
      const out = page.getByRole('dialog');
      await expect(out).toContainText('Nothing is left to pay.');
      await out.getByRole('button', { name: 'Check out' }).click();
      await expect(page.getByText('Checked out: the invoice is issued')).toBeVisible();

      // Housekeeping: the room is dirty, and clean again once ticked.
      await page.getByRole('link', { name: 'Housekeeping' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/housekeeping/${stayId}$`));
      const room = page.getByRole('listitem', { name: `Room ${number}` });
      await expect(room.getByLabel(`Room ${number}: Dirty`)).toBeVisible();
      await expectAccessible(page, 'housekeeping');
      await room.getByRole('button', { name: 'Clean' }).click();
      await expect(room.getByLabel(`Room ${number}: Clean`)).toBeVisible();
      await page.screenshot({ path: `${test.info().outputDir}/housekeeping-${width}.png`, fullPage: true });

      // The dashboard counts the stay's day, and opens its front desk.
      await page.goto('/admin/dashboard');
      const today = page.getByRole('region', { name: 'Today at your stays' });
      await expect(today.getByRole('link', { name: `Front desk of ${STAY}` })).toBeVisible();
      await expect(today.getByRole('listitem').filter({ hasText: STAY })).toContainText(/[1-9]\d* leaving/);
      await page.screenshot({ path: `${test.info().outputDir}/dashboard-${width}.png` });
    });
  });
}

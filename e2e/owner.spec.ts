import { readFileSync } from 'node:fs';
import { addDays, formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { DEMO_ACCOUNTS } from '@repo/shared/factories';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

/** A stay of the demo admin (the catalogue's Bengaluru hotel, also the demo guest's finished stay). */
const STAY = 'The Indiranagar Grand';

async function tokenOf(request: APIRequestContext, area: 'guest' | 'admin') {
  const res = await request.post(area === 'admin' ? '/api/admin/auth/login' : '/api/auth/login', { data: DEMO[area] });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { loginToken?: string; adminLoginToken?: string };
  return (area === 'admin' ? body.adminLoginToken : body.loginToken) as string;
}

/** The stay's id and its rooms (number, type title, id) as the admin sees them. */
async function stayAndRooms(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const stays = (await (await request.get('/api/admin/stays', { headers })).json()) as { stays: { id: string; name: string }[] };
  const stay = stays.stays.find((s) => s.name === STAY);
  if (!stay) throw new Error(`${STAY} is not a stay of the demo admin`);
  const rooms = (await (await request.get(`/api/admin/stays/${stay.id}/rooms`, { headers })).json()) as {
    rooms: { roomNumberId: string; number: number; title: string }[];
  };
  return { stayId: stay.id, rooms: rooms.rooms };
}

test('an owner finds a guest’s reservation by its order id, opens it and exports it as CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const { stayId, rooms } = await stayAndRooms(page.request);
  const [checkIn, checkOut] = [addDays(todayInIndia(), 61), addDays(todayInIndia(), 63)];
  const room = rooms[rooms.length - 1];
  if (!room) throw new Error('the stay has no rooms');
  // The demo guest holds a room (the booking flow's first step, by the API).
  const guest = { authorization: `Bearer ${await tokenOf(page.request, 'guest')}` };
  const held = await page.request.post('/api/bookings', {
    headers: guest,
    data: { stayId, checkIn, checkOut, adults: 1, roomNumberIds: [room.roomNumberId] },
  });
  expect(held.status(), await held.text()).toBe(201);
  const created = (await held.json()) as { booking: { id: string }; checkout: { orderId: string } };
  const booking = { id: created.booking.id, orderId: created.checkout.orderId };
  expect(booking.orderId).toMatch(/^order_/);

  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Reservations' }).click();
  await expect(page).toHaveURL(/\/admin\/reservations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(booking.orderId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${booking.orderId}`));
  const guestName = `${DEMO_ACCOUNTS.guest.firstName} ${DEMO_ACCOUNTS.guest.lastName}`;
  const row = page.getByRole('row').filter({ hasText: guestName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${room.number} ${room.title}`);
  await expect(page.getByText('1 reservation', { exact: true })).toBeVisible();
  await expectAccessible(page, 'reservations');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(booking.id);
  expect(lines[1]).toContain(booking.orderId);
  expect(lines[1]).toContain(guestName);
  // Booked just now, written as the product writes dates: dd/MM/yyyy HH:mm (India time), not an ISO instant.
  expect(lines[0]).toMatch(/,Booked at \(IST\)$/);
  expect(lines[1]).toMatch(/,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  await row.getByRole('link', { name: /^View:/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reservations/${booking.id}$`));
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText(booking.orderId);
  await expect(page.getByRole('region', { name: 'Guest' })).toContainText(DEMO_ACCOUNTS.guest.email);
  // A hold has no tax document yet: the page says so where the invoice and credit notes will be.
  await expect(page.getByRole('region', { name: 'Tax documents' })).toContainText('None yet');
  await expectAccessible(page, 'reservation detail');

  // Back to the list as it was left: the search still applied.
  await page.getByRole('link', { name: 'Back to reservations' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reservations\\?q=${booking.orderId}$`));
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(booking.orderId);
  await expect(page.getByRole('row').filter({ hasText: guestName })).toHaveCount(1);
});

test('an owner blocks a night of a room; a guest’s room dialog then shows that room unavailable for those dates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { stayId, rooms } = await stayAndRooms(page.request);
  const room = rooms[0];
  if (!room) throw new Error('the stay has no rooms');
  const [night, after] = [addDays(todayInIndia(), 75), addDays(todayInIndia(), 76)];

  await signIn(page, 'admin');
  await page.goto(`/admin/calendar/${stayId}?month=${night.slice(0, 7)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Occupancy calendar' })).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`^${STAY}: rooms by night`) })).toBeVisible();
  await expectAccessible(page, 'occupancy calendar');

  await page.getByRole('button', { name: 'Block rooms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block rooms' });
  await dialog.getByRole('checkbox', { name: `${room.number} · ${room.title}` }).check();
  await dialog.getByLabel('From (first night)').fill(formatDate(night));
  await dialog.getByLabel('Until (check-out day)').fill(formatDate(after));
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Plumbing repair');
  await expectAccessible(page, 'block dialog');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toBeHidden();
  const blocks = page.getByRole('region', { name: 'Blocked this month' });
  await expect(blocks).toContainText(`Room ${room.number}`);
  await expect(blocks).toContainText('Plumbing repair');

  await signIn(page, 'guest');
  await page.goto(`/hotels/${stayId}?checkIn=${night}&checkOut=${after}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const rooms2 = page.getByRole('dialog', { name: 'Select your rooms' });
  await expect(rooms2).toBeVisible();
  await expect(rooms2.getByRole('checkbox', { name: `Room ${room.number}`, exact: true })).toBeDisabled();
  // The next night is for sale again.
  await page.goto(`/hotels/${stayId}?checkIn=${after}&checkOut=${addDays(after, 1)}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Select your rooms' }).getByRole('checkbox', { name: `Room ${room.number}`, exact: true }),
  ).toBeEnabled();
});

test('an owner opens the dashboard on the month’s totals, sorts and searches their stays and opens one’s calendar', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { stayId } = await stayAndRooms(page.request);
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 2, name: /^Your month: / })).toBeVisible();
  const totals = page.getByTestId('month-totals');
  await expect(totals.getByRole('group', { name: 'Occupancy' })).toContainText(/\d+ of \d+ room-nights sold/);
  await expect(totals.getByRole('group', { name: 'Room revenue' })).toContainText(/₹[\d,.]+ net of GST/);
  // The fee and what is payable come from the month's settlements (the seed's stay is settled in its week's month).
  await expect(totals.getByRole('group', { name: 'StayBook fee' })).toContainText(/^StayBook fee(₹[\d,.]+|—)$/);
  await expectAccessible(page, 'dashboard month');

  // Sort by room revenue (highest first), then the other way: the header says so, and the URL keeps it.
  const table = page.getByRole('table');
  await table.getByRole('button', { name: 'Room revenue' }).click();
  await expect(page).toHaveURL(/sort=revenue&dir=desc/);
  await expect(table.getByRole('columnheader', { name: 'Room revenue' })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: 'Room revenue' }).click();
  await expect(page).toHaveURL(/sort=revenue(?!&dir=desc)/);
  await expect(table.getByRole('columnheader', { name: 'Room revenue' })).toHaveAttribute('aria-sort', 'ascending');

  // Search by name: only that stay is left; the totals still cover every stay.
  await page.getByRole('textbox', { name: 'Search stays' }).fill('Indiranagar');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Indiranagar/);
  await expect(table.getByRole('row', { name: new RegExp(STAY) })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText(/^1 of \d+ stays match$/)).toBeVisible();

  // The month before: another month's figures.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await expect(table.getByRole('row', { name: new RegExp(STAY) })).toBeVisible();

  await table.getByRole('link', { name: `Calendar: ${STAY}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/calendar/${stayId}$`));
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, formatDate, todayInIndia } from '@repo/shared/domain/dates';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The journey books and pays, then imports a calendar: longer than the default test time.
test.describe.configure({ timeout: 180_000 });

/** A stay of the demo admin the other journeys leave alone (the catalogue's fourth featured stay). */
async function stayOf(page: Page) {
  const { stays } = (await (await page.request.get('/api/stays?featured=true')).json()) as {
    stays: { id: string; name: string }[];
  };
  const stay = stays[3];
  if (!stay) throw new Error('too few featured stays');
  return stay;
}

const today = todayInIndia();
const [free1, free2, free3] = [addDays(today, 110), addDays(today, 111), addDays(today, 112)];
const [sold, soldOut] = [addDays(today, 130), addDays(today, 131)];
const compact = (d: string) => d.replaceAll('-', '');

// Another site's calendar, served from this test run: two nights free here, one night sold here.
const calendar = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Other site//EN',
  'BEGIN:VEVENT',
  'UID:reservation-1@other.example',
  'DTSTAMP:20261101T000000Z',
  `DTSTART;VALUE=DATE:${compact(free1)}`,
  `DTEND;VALUE=DATE:${compact(free3)}`,
  'SUMMARY:Reserved',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:reservation-2@other.example',
  'DTSTAMP:20261101T000000Z',
  `DTSTART;VALUE=DATE:${compact(sold)}`,
  `DTEND;VALUE=DATE:${compact(soldOut)}`,
  'SUMMARY:Reserved',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
// A hostile one: the most events the 2 MB cap holds (ADR 044).
const hostile = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  ...Array.from(
    { length: 14_000 },
    (_, i) =>
      `BEGIN:VEVENT\r\nUID:h${i}@hostile.example\r\nDTSTART;VALUE=DATE:${compact(addDays(today, 200 + (i % 300)))}\r\nEND:VEVENT`,
  ),
  'END:VCALENDAR',
  '',
].join('\r\n');
const feedServer = createServer((req, res) => {
  if (req.url === '/listing-42.ics') res.writeHead(200, { 'content-type': 'text/calendar' }).end(calendar);
  else if (req.url === '/hostile.ics') res.writeHead(200, { 'content-type': 'text/calendar' }).end(hostile);
  else res.writeHead(404).end();
});
test.beforeAll(() => new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve)));
test.afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

test('journey: an owner imports another site’s calendar; its nights are blocked in the occupancy calendar and the room dialog, and a night sold here is a conflict', async ({
  page,
}) => {
  const stay = await stayOf(page);
  // A room free over all the journey's nights.
  const login = await page.request.post('/api/auth/login', { data: DEMO.guest });
  const guest = { authorization: `Bearer ${((await login.json()) as { loginToken: string }).loginToken}` };
  const types = (await (
    await page.request.get(`/api/stays/${stay.id}/room-types?checkIn=${free1}&checkOut=${soldOut}`, { headers: guest })
  ).json()) as { roomTypes: { roomNumbers: { number: number; available: boolean }[] }[] };
  const roomNumber = types.roomTypes.flatMap((t) => t.roomNumbers).find((r) => r.available)?.number;
  if (roomNumber === undefined) throw new Error('no room free');
  // A guest books that room for the night +130 and pays.
  await signIn(page, 'guest');
  await page.goto(`/hotels/${stay.id}?checkIn=${sold}&checkOut=${soldOut}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const picker = page.getByRole('dialog', { name: 'Select your rooms' });
  await picker.getByRole('checkbox', { name: `Room ${roomNumber}`, exact: true }).check();
  await picker.getByRole('button', { name: 'Pay Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await checkout.getByLabel(/Expiry/).fill('12/30');
  await checkout.getByLabel(/CVV/).fill('123');
  await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('dialog', { name: 'Booking confirmed' })).toBeVisible();

  // The owner opens that room's calendars and imports the other site's.
  await signIn(page, 'admin');
  await page.goto(`/admin/rooms/${stay.id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(roomNumber), exact: true }) });
  await row.getByRole('button', { name: /^Calendars/ }).click();
  const dialog = page.getByRole('dialog', { name: `Room ${roomNumber}: calendars with other sites` });
  await expect(dialog.getByText('No calendar imported yet', { exact: false })).toBeVisible();
  const exportUrl = await dialog.getByRole('textbox', { name: 'This room', exact: true }).inputValue();
  expect(exportUrl).toMatch(/\/api\/calendars\/[A-Za-z0-9_-]+\.ics$/);
  await dialog.getByRole('textbox', { name: 'Site' }).fill('Airbnb');
  await dialog
    .getByRole('textbox', { name: 'Calendar address (.ics)' })
    .fill(`http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/listing-42.ics`);
  await dialog.getByRole('button', { name: 'Import calendar' }).click();
  const feed = dialog.getByRole('listitem').filter({ hasText: 'Airbnb' });
  await expect(feed).toContainText('In sync');
  await expect(feed).toContainText('2 events read · 2 nights blocked');
  // A calendar of 14,000 events is refused, its reason in its status, and blocks nothing.
  await dialog.getByRole('textbox', { name: 'Site' }).fill('Hostile');
  await dialog
    .getByRole('textbox', { name: 'Calendar address (.ics)' })
    .fill(`http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/hostile.ics`);
  await dialog.getByRole('button', { name: 'Import calendar' }).click();
  const refused = dialog.getByRole('listitem').filter({ hasText: 'Hostile' });
  await expect(refused).toContainText('the calendar has more than 1,500 events');
  await expectAccessible(page, 'room calendars dialog');
  await refused.getByRole('button', { name: /^Remove/ }).click();
  await expect(refused).toHaveCount(0);

  // The export carries the night sold here, and no guest's data.
  const exported = await page.request.get(new URL(exportUrl).pathname);
  expect(exported.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await exported.text();
  expect(text).toContain(`DTSTART;VALUE=DATE:${compact(sold)}`);
  expect(text).toContain(`DTEND;VALUE=DATE:${compact(soldOut)}`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The occupancy calendar shows the imported nights blocked, the sold one still booked.
  await page.goto(`/admin/calendar/${stay.id}?month=${free1.slice(0, 7)}`);
  for (const night of [free1, free2])
    await expect(page.locator(`td[title="Room ${roomNumber}, ${formatDate(night)}: Blocked"]`)).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Blocked this month' })).toContainText('From Airbnb');
  await page.goto(`/admin/calendar/${stay.id}?month=${sold.slice(0, 7)}`);
  await expect(page.locator(`td[title="Room ${roomNumber}, ${formatDate(sold)}: Booked"]`)).toHaveCount(1);

  // The conflict is told on the dashboard and on the reservations page.
  const conflictLine = `Room ${roomNumber}, night of ${formatDate(sold)}: taken on Airbnb`;
  await page.goto('/admin/dashboard');
  const onDashboard = page.getByRole('region', { name: '1 night is sold here and taken on another site' });
  await expect(onDashboard).toContainText(conflictLine);
  await expectAccessible(page, 'dashboard with a conflict');
  await page.goto('/admin/reservations');
  await expect(page.getByRole('region', { name: '1 night is sold here and taken on another site' })).toContainText(conflictLine);

  // A guest's room dialog shows the room unavailable on the imported nights.
  await signIn(page, 'guest');
  await page.goto(`/hotels/${stay.id}?checkIn=${free1}&checkOut=${free2}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Select your rooms' }).getByRole('checkbox', { name: `Room ${roomNumber}`, exact: true }),
  ).toBeDisabled();
});

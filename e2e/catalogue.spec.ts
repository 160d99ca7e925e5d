import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, newUser, signIn, test, uniqueEmail } from './fixtures.ts';

/** A real PNG (solid colour, width × height) built in memory, so uploads go through the server's image checks. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Runs an action and expects a toast with the text (watched from before the action: admin toasts last 2 s). */
async function withToast(page: Page, text: string | RegExp, action: () => Promise<void>) {
  const seen = page.getByText(text).first().waitFor({ state: 'visible', timeout: 20_000 });
  await action();
  await seen;
}

async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('visitor home shows the city, type and featured blocks', async ({ page }) => {
  await page.goto('/');
  const cities = page.getByRole('region', { name: 'Browse by city' });
  await expect(cities.getByTestId('city-card')).toHaveCount(4);
  await expect(cities.getByTestId('city-card')).toContainText(['Bengaluru', 'Chennai', 'Hyderabad', 'Vizag']);
  await expect(cities.getByTestId('city-count').first()).toHaveText(/\d+ propert(y|ies)/);
  const types = page.getByRole('region', { name: 'Browse by property type' });
  await expect(types.getByTestId('type-card')).toHaveCount(5);
  await expect(types.getByTestId('type-card')).toContainText(['Hotel', 'Villa', 'Resort', 'Cottage', 'Cabin']);
  const featured = page.getByRole('region', { name: 'Homes guests love' });
  await expect(featured.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(featured.getByText(/₹[\d,]+/).first()).toBeVisible();
  await expectAccessible(page, 'home browse blocks');
});

test('admin adds a stay with images, adds rooms, edits, deletes a room and the stay', async ({ page }) => {
  // Long: a whole stay's life (images uploaded, rooms added, edits, deletes) with seven accessibility scans.
  test.setTimeout(180_000);
  const name = `Hillcrest Cottage ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await expectAccessible(page, 'admin dashboard');

  // Add a stay with a real image upload.
  await page
    .getByRole('link', { name: /Add Stay/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/addStay$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await chooseOption(page, 'Type', 'Cottage');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Tea-garden views');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Chennai');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Hill Road, Chennai 600001');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A quiet cottage with a garden.');
  await page.getByLabel('Distance (kms from city centre)').fill('4');
  await page.getByRole('textbox', { name: 'Overview', exact: true }).fill('Two bedrooms, a verandah and a garden.');
  await page.getByLabel('Lowest price (₹ per night)').fill('3200');
  // The demo admin is the platform too: it may feature the stay; nobody types a rating (it comes from reviews).
  await expect(page.getByLabel(/^Rating/)).toHaveCount(0);
  await expect(page.getByLabel(/^Experience/)).toHaveCount(0);
  await chooseOption(page, 'Featured', 'True');
  await page.getByRole('combobox', { name: 'Amenities' }).click();
  await page.getByRole('option', { name: 'Free Wifi' }).click();
  await page.getByRole('option', { name: 'Parking' }).click();
  await page.keyboard.press('Escape');
  await page
    .getByLabel('Stay image')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(64, 48, [40, 120, 200]) });
  await page.getByLabel('Room images').setInputFiles([
    { name: 'room-1.png', mimeType: 'image/png', buffer: png(60, 80, [200, 80, 60]) },
    { name: 'room-2.png', mimeType: 'image/png', buffer: png(80, 45, [60, 160, 90]) },
    { name: 'room-3.png', mimeType: 'image/png', buffer: png(64, 64, [220, 180, 40]) },
  ]);
  await expect(page.getByAltText('Preview of room-3.png')).toBeVisible();
  await expectAccessible(page, 'add stay');
  await withToast(page, 'Stay added successfully', () => page.getByRole('button', { name: 'Add Stay', exact: true }).click());
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The type list shows it.
  await page.getByRole('link', { name: /Cottages List/ }).click();
  await expect(page).toHaveURL(/\/admin\/cottage$/);
  await expect(page.getByRole('heading', { name: 'Cottages List' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Cottage');
  await expect(row).toContainText('Chennai');
  // Not reviewed yet: 'New', no rating and no label.
  await expect(row.getByTestId('guest-rating')).toContainText('New');
  await expect(row.getByTestId('guest-rating')).not.toContainText('/10');
  await expectAccessible(page, 'cottages list');

  // Add rooms.
  await row.getByRole('link', { name: /Add Room/ }).click();
  await expect(page).toHaveURL(/\/admin\/addRoom\/[0-9a-f-]+$/);
  const stayId = page.url().split('/').pop() as string;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Garden Room');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Opens onto the garden');
  await page.getByLabel('Price (₹ per night)').fill('3200');
  await page.getByLabel('Max persons').fill('3');
  await page.getByRole('button', { name: 'Add Room', exact: true }).click();
  await expect(page.getByText('Room number is required')).toBeVisible();
  const numbers = page.getByPlaceholder('e.g. 101');
  await numbers.fill('102');
  await numbers.press('Enter');
  await numbers.fill('101');
  await numbers.press('Enter');
  await expectAccessible(page, 'add room');
  await withToast(page, 'Room added successfully', () => page.getByRole('button', { name: 'Add Room', exact: true }).click());
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Rooms list, sorted by number.
  await page.goto('/admin/cottage');
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link', { name: /Rooms List/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/rooms/${stayId}$`));
  const roomRows = page.getByRole('row').filter({ hasText: 'Garden Room' });
  await expect(roomRows).toHaveCount(2);
  await expect(roomRows.nth(0)).toContainText('101');
  await expect(roomRows.nth(1)).toContainText('102');
  await expect(roomRows.nth(0)).toContainText('₹3,200');
  await expect(roomRows.nth(0)).toContainText(name);
  await expectAccessible(page, 'rooms list');

  // Delete a room (after confirming).
  await page.getByRole('button', { name: 'Delete: 101' }).click();
  await confirmDelete(page);
  await expect(roomRows).toHaveCount(1);
  await expect(roomRows.first()).toContainText('102');

  // Edit the stay: new name, drop one room image.
  await page.goto('/admin/cottage');
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/editStay/${stayId}$`));
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(page.getByAltText('Current stay image')).toBeVisible();
  await expect(page.getByAltText(/Current room image/)).toHaveCount(3);
  await expectAccessible(page, 'edit stay');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} Edited`);
  await page.getByLabel('Remove 3').check();
  await withToast(page, 'Stay updated successfully', () => page.getByRole('button', { name: 'Save changes' }).click());
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/cottage');
  await expect(page.getByRole('row').filter({ hasText: `${name} Edited` })).toHaveCount(1);

  // A guest sees the stay page: price line, total for the dates and rooms in the URL, the gallery.
  await signIn(page, 'guest');
  await page.goto(`/hotels/${stayId}?checkIn=${isoIn(10)}&checkOut=${isoIn(13)}&adults=2&children=0&rooms=2`);
  await expect(page.getByRole('heading', { level: 1, name: `${name} Edited` })).toBeVisible();
  await expect(page.getByText('Book this Stay for just ₹3,200/day')).toBeVisible();
  // The address under the name (the seller's block names it again with the city).
  await expect(page.getByText(/^12 Hill Road, Chennai 600001 · /)).toBeVisible();
  await expect(page.getByTestId('stay-total')).toHaveText('₹19,200');
  await expect(page.getByText('Free Wifi')).toBeVisible();
  const photos = page.getByTestId('stay-gallery').getByRole('img');
  await expect(photos).toHaveCount(3);
  await expect(photos.first()).toHaveAttribute('srcset', /-sm\.webp 480w/);
  await expectAccessible(page, 'stay page');
  for (const [width, columns] of [
    [340, 1],
    [700, 2],
    [1000, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const gallery = page.getByTestId('stay-gallery');
    await expect(gallery).toHaveAttribute('data-columns', String(columns));
    const lefts = await page
      .getByTestId('stay-gallery-column')
      .evaluateAll((cols) => [...new Set(cols.map((c) => Math.round(c.getBoundingClientRect().left)))]);
    expect(lefts, `gallery columns at ${width} px`).toHaveLength(columns);
    const track = await gallery.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(track).toBe(columns);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete the stay (after confirming).
  await page.goto('/admin/cottage');
  await page.getByRole('button', { name: `Delete: ${name} Edited` }).click();
  await withToast(page, /Stay (deleted successfully|removed from the listings)/, () => confirmDelete(page));
  await expect(page.getByRole('row').filter({ hasText: `${name} Edited` })).toHaveCount(0);

  // The stay page now says the stay is not available.
  await page.goto(`/hotels/${stayId}`);
  await expect(page.getByRole('heading', { name: 'This stay is not available' })).toBeVisible();
});

test('admin edits a user’s details and admin flag, then deletes the user', async ({ page, request }) => {
  const email = uniqueEmail('meera');
  const res = await request.post('/api/auth/register', {
    data: newUser({ firstName: 'Meera', lastName: 'Iyer', email, mobile: '9000000001', password: 'Guest@1234' }),
  });
  expect(res.status()).toBe(201);

  await signIn(page, 'admin');
  await page.goto('/admin/allusers');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Meera Iyer');
  await expect(row).toContainText('9000000001');
  await expect(row.getByRole('cell').nth(4)).toHaveText('No');
  await expectAccessible(page, 'users list');

  await row.getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(/\/admin\/edituser\/[0-9a-f-]+$/);
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Meera');
  await expectAccessible(page, 'edit user');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Meenakshi');
  await page.getByRole('textbox', { name: 'Mobile', exact: true }).fill('9000000002');
  await chooseOption(page, 'IsAdmin', 'Yes');
  await withToast(page, 'User updated successfully', () => page.getByRole('button', { name: 'Update' }).click());
  await expect(page).toHaveURL(/\/admin\/allusers$/);
  const edited = page.getByRole('row').filter({ hasText: email });
  await expect(edited).toContainText('Meenakshi Iyer');
  await expect(edited).toContainText('9000000002');
  await expect(edited.getByRole('cell').nth(4)).toHaveText('Yes');

  await edited.getByRole('button', { name: 'Delete: Meenakshi Iyer' }).click();
  await confirmDelete(page);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The admin's own profile.
  await page.goto('/admin/myProfile');
  await expect(page.getByText(DEMO.admin.email)).toBeVisible();
  await expectAccessible(page, 'admin profile');
});

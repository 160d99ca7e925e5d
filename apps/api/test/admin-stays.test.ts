import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MSG } from '@repo/shared/constants/messages';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stays } from '#src/db/schema/index.ts';
import { build, createUser, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { createStay, insertBooking, jpeg, jpegFile, mediaFiles, multipart, stayFields } from './stays-helpers.ts';

describe(`admin stays (${testEngine})`, async () => {
  const app = await build();
  const admin = await loginAdmin(app);
  const other = await loginAdmin(app);
  const guest = await loginGuest(app);

  const post = (headers: Record<string, string>, form: ReturnType<typeof multipart>) =>
    app.inject({ method: 'POST', url: '/api/admin/stays', headers: { ...headers, ...form.headers }, payload: form.payload });
  const stayCount = async (ownerId: string) =>
    Number((await app.db.select({ n: count() }).from(stays).where(eq(stays.ownerId, ownerId)))[0]?.n ?? 0);

  it('needs an admin token: 401 without one, 403 with a guest token', async () => {
    expect((await app.inject('/api/admin/stays')).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/stays', headers: guest.headers })).statusCode).toBe(403);
    const form = multipart(stayFields());
    expect((await post({}, form)).statusCode).toBe(401);
    expect((await post(guest.headers, form)).statusCode).toBe(403);
  });

  it('adds a stay with a hotel image and room images, stored as WebP variants', async () => {
    const before = mediaFiles(app).length;
    const form = multipart(stayFields(), [
      await jpegFile('hotelImage', 'front.jpg', await jpeg(2400, 1600)),
      await jpegFile('roomImages', 'a.jpg'),
      await jpegFile('roomImages', 'b.jpg'),
    ]);
    const res = await post(admin.headers, form);
    expect(res.statusCode).toBe(201);
    const { stay } = res.json();
    expect(stay).toMatchObject({
      name: 'Sea Breeze Residency',
      type: 'Hotel',
      city: 'vizag',
      distance: 3.5,
      lowestPrice: 2400,
      amenities: ['Free Wifi', 'Parking'],
    });
    // lg is 1600 wide (never more), the height keeps the ratio
    expect(stay.hotelImage).toMatchObject({ width: 1600, height: 1067 });
    // a 640 px upload is not enlarged
    expect(stay.roomImages).toHaveLength(2);
    expect(stay.roomImages[0]).toMatchObject({ width: 640, height: 400 });
    expect(mediaFiles(app).length - before).toBe(9);
    for (const size of ['sm', 'md', 'lg']) expect(mediaFiles(app)).toContain(`${stay.hotelImage.key}-${size}.webp`);
    const sm = await sharp(path.join(app.dataDir, 'media', `${stay.hotelImage.key}-sm.webp`)).metadata();
    expect(sm).toMatchObject({ format: 'webp', width: 480 });
  });

  it('turns photos upright by their EXIF orientation and strips all metadata', async () => {
    const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Someone Private', Copyright: 'GPS and camera data' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await post(
      admin.headers,
      multipart(stayFields({ name: 'Exif House' }), [await jpegFile('hotelImage', 'p.jpg', photo)]),
    );
    expect(res.statusCode).toBe(201);
    const { hotelImage } = res.json().stay;
    expect(hotelImage).toMatchObject({ width: 200, height: 400 });
    const meta = await sharp(path.join(app.dataDir, 'media', `${hotelImage.key}-lg.webp`)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 400]);
  });

  it('serves images under /media with a year-long immutable cache', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Media House' }, [await jpegFile('hotelImage')]);
    const key = (stay.hotelImage as { key: string }).key;
    const res = await app.inject(`/media/${key}-md.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/media/nothing-here-md.webp')).statusCode).toBe(404);
  });

  it('validates the fields with the shared messages', async () => {
    const res = await post(admin.headers, multipart(stayFields({ name: '', type: 'Castle', amenities: ['Pool'] })));
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json();
    expect(fieldErrors.name).toBe('Name is required');
    expect(fieldErrors.type).toBe('Type must be one of Hotel, Villa, Resort, Cottage, Cabin');
    expect(fieldErrors['amenities.0']).toMatch(/^Amenities must be from/);
    const platform = await loginAdmin(app, { isPlatform: true });
    const rating = await post(platform.headers, multipart(stayFields({ rating: '11' })));
    expect(rating.statusCode).toBe(400);
    expect(rating.json().fieldErrors.rating).toBe('Rating must be a number from 0 to 10');
  });

  it("ignores an owner's rating, experience and Featured: a new stay is 'New' (no rating) and not featured until the platform says", async () => {
    const put = (headers: Record<string, string>, id: string, form: ReturnType<typeof multipart>) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/stays/${id}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    const featuredIds = async () =>
      ((await app.inject('/api/stays?featured=true')).json().stays as { id: string }[]).map((s) => s.id);
    const unrated = { rating: null, experience: null, featured: false, reviewsCount: 0 };

    const owned = await post(
      admin.headers,
      multipart(stayFields({ name: 'Self Praised Inn', rating: '9.9', experience: 'Excellent', featured: 'true' })),
    );
    expect(owned.statusCode).toBe(201);
    const id = owned.json().stay.id as string;
    expect(owned.json().stay).toMatchObject(unrated);
    expect((await app.inject({ url: `/api/stays/${id}`, headers: guest.headers })).json()).toMatchObject(unrated);
    expect(await featuredIds()).not.toContain(id);
    // Nor by an edit.
    const edited = await put(
      admin.headers,
      id,
      multipart(stayFields({ name: 'Self Praised Inn', rating: '10', featured: 'true' })),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().stay).toMatchObject(unrated);
    expect((await app.inject({ url: `/api/admin/stays/${id}`, headers: admin.headers })).json()).toMatchObject(unrated);

    // The platform's admin sets them; its edits without them leave them as they are.
    const platform = await loginAdmin(app, { isPlatform: true });
    const rated = await post(platform.headers, multipart(stayFields({ name: 'Rated Retreat', rating: '8.4', featured: 'true' })));
    expect(rated.statusCode).toBe(201);
    const ratedId = rated.json().stay.id as string;
    expect(rated.json().stay).toMatchObject({ rating: 8.4, experience: 'Excellent', featured: true });
    const { rating: _r, experience: _e, featured: _f, ...plain } = stayFields({ name: 'Rated Retreat' });
    expect((await put(platform.headers, ratedId, multipart(plain))).json().stay).toMatchObject({ rating: 8.4, featured: true });
    expect(await featuredIds()).toContain(ratedId);
    expect((await put(platform.headers, ratedId, multipart({ ...plain, featured: 'false' }))).json().stay).toMatchObject({
      rating: 8.4,
      featured: false,
    });
  });

  it('refuses a text file renamed .jpg with "Only image files are allowed", storing nothing', async () => {
    const before = { files: mediaFiles(app), rows: await stayCount(admin.user.id) };
    const fake = {
      field: 'roomImages',
      filename: 'notes.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('just some text, not a picture'),
    };
    const res = await post(
      admin.headers,
      multipart(stayFields({ name: 'Fake Image Inn' }), [await jpegFile('hotelImage'), fake]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.imagesOnly);
    expect(res.json().fieldErrors).toEqual({ roomImages: MSG.imagesOnly });
    expect(mediaFiles(app)).toEqual(before.files);
    expect(await stayCount(admin.user.id)).toBe(before.rows);
  });

  it('refuses an SVG (not a photo) the same way', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const res = await post(
      admin.headers,
      multipart(stayFields(), [{ field: 'hotelImage', filename: 'x.png', contentType: 'image/png', data: svg }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.imagesOnly);
  });

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const before = { files: mediaFiles(app), rows: await stayCount(admin.user.id) };
    const big = { field: 'hotelImage', filename: 'big.jpg', contentType: 'image/jpeg', data: randomBytes(5 * 1024 * 1024 + 10) };
    const res = await post(admin.headers, multipart(stayFields({ name: 'Big File Lodge' }), [await jpegFile('roomImages'), big]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
    expect(mediaFiles(app)).toEqual(before.files);
    expect(await stayCount(admin.user.id)).toBe(before.rows);
  });

  it('refuses too many files, storing nothing', async () => {
    const before = { files: mediaFiles(app), rows: await stayCount(admin.user.id) };
    const small = await jpeg(64, 64);
    const thirteenRooms = Array.from({ length: 13 }, (_, i) => ({
      field: 'roomImages',
      filename: `${i}.jpg`,
      contentType: 'image/jpeg',
      data: small,
    }));
    const a = await post(admin.headers, multipart(stayFields({ name: 'Many Rooms' }), thirteenRooms));
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('A stay can have at most 12 room images');
    const b = await post(
      admin.headers,
      multipart(stayFields({ name: 'Many Files' }), [await jpegFile('hotelImage'), ...thirteenRooms, ...thirteenRooms]),
    );
    expect(b.statusCode).toBeGreaterThanOrEqual(400);
    expect(b.statusCode).toBeLessThan(500);
    const c = await post(
      admin.headers,
      multipart(stayFields({ name: 'Two Fronts' }), [await jpegFile('hotelImage'), await jpegFile('hotelImage')]),
    );
    expect(c.statusCode).toBe(400);
    expect(mediaFiles(app)).toEqual(before.files);
    expect(await stayCount(admin.user.id)).toBe(before.rows);
  });

  it('lists own types and own stays by type only', async () => {
    const mine = await loginAdmin(app);
    const palm = await createStay(app, mine.headers, { name: 'Palm Villa', type: 'Villa', city: ' Bangalore ' });
    expect(palm.city).toBe('bengaluru');
    await createStay(app, mine.headers, { name: 'Hill Cabin', type: 'Cabin' });
    await createStay(app, other.headers, { name: 'Not Mine Resort', type: 'Resort' });
    const types = await app.inject({ url: '/api/admin/stays/types', headers: mine.headers });
    expect(types.json()).toEqual({ types: ['Villa', 'Cabin'] });
    const villas = await app.inject({ url: '/api/admin/stays?type=Villa', headers: mine.headers });
    expect(villas.json().stays.map((s: { name: string }) => s.name)).toEqual(['Palm Villa']);
    const all = await app.inject({ url: '/api/admin/stays', headers: mine.headers });
    expect(all.json().stays.map((s: { name: string }) => s.name)).toEqual(['Hill Cabin', 'Palm Villa']);
    const bad = await app.inject({ url: '/api/admin/stays?type=Castle', headers: mine.headers });
    expect(bad.statusCode).toBe(400);
  });

  it("reads an own stay by id; another admin's stay is 404", async () => {
    const stay = await createStay(app, admin.headers, { name: 'Readable Inn' });
    const res = await app.inject({ url: `/api/admin/stays/${stay.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: stay.id, name: 'Readable Inn' });
    expect((await app.inject({ url: `/api/admin/stays/${stay.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/stays/not-a-uuid', headers: admin.headers })).statusCode).toBe(400);
  });

  it('edits a stay: replaces the hotel image, keeps the listed room images, appends new ones, deletes the rest', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Edit Me' }, [
      await jpegFile('hotelImage'),
      await jpegFile('roomImages'),
      await jpegFile('roomImages'),
    ]);
    const oldHotel = (stay.hotelImage as { key: string }).key;
    const [keep, drop] = (stay.roomImages as { key: string }[]).map((i) => i.key);
    const form = multipart(stayFields({ name: 'Edited Stay', city: 'Goa', keepRoomImages: JSON.stringify([keep]) }), [
      await jpegFile('hotelImage', 'new.jpg', await jpeg(800, 600, { r: 200, g: 20, b: 20 })),
      await jpegFile('roomImages', 'new-room.jpg'),
    ]);
    const url = `/api/admin/stays/${stay.id}`;
    const forbidden = await app.inject({
      method: 'PUT',
      url,
      headers: { ...other.headers, ...form.headers },
      payload: form.payload,
    });
    expect(forbidden.statusCode).toBe(404);
    const res = await app.inject({ method: 'PUT', url, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const edited = res.json().stay;
    expect(edited).toMatchObject({ name: 'Edited Stay', city: 'goa' });
    expect(edited.hotelImage.key).not.toBe(oldHotel);
    expect(edited.roomImages.map((i: { key: string }) => i.key)).toHaveLength(2);
    expect(edited.roomImages[0].key).toBe(keep);
    const files = mediaFiles(app);
    expect(files).not.toContain(`${oldHotel}-lg.webp`);
    expect(files).not.toContain(`${drop}-sm.webp`);
    expect(files).toContain(`${keep}-md.webp`);
    expect(files).toContain(`${edited.hotelImage.key}-lg.webp`);

    // Without keepRoomImages every existing room image stays; a bad upload changes nothing.
    const bad = multipart(stayFields({ name: 'Broken Edit' }), [
      { field: 'roomImages', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('nope') },
    ]);
    const before = mediaFiles(app);
    const refused = await app.inject({ method: 'PUT', url, headers: { ...admin.headers, ...bad.headers }, payload: bad.payload });
    expect(refused.statusCode).toBe(400);
    expect(mediaFiles(app)).toEqual(before);
    const again = await app.inject({ url, headers: admin.headers });
    expect(again.json()).toMatchObject({ name: 'Edited Stay', roomImages: edited.roomImages });
  });

  it('accepts the fields as JSON too, and names a malformed keepRoomImages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/stays',
      headers: admin.headers,
      payload: stayFields({ name: 'Json Stay' }),
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().stay;
    const form = multipart(stayFields({ keepRoomImages: '../../secret' }));
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/admin/stays/${id}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ 'keepRoomImages.0': 'Unknown image' });
    const notAForm = await app.inject({ method: 'POST', url: '/api/admin/stays', headers: admin.headers, payload: [1, 2] });
    expect(notAForm.statusCode).toBe(400);
  });

  it('deletes a stay without bookings, with its image files', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Short Lived' }, [await jpegFile('hotelImage')]);
    const key = (stay.hotelImage as { key: string }).key;
    const url = `/api/admin/stays/${stay.id}`;
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    const res = await app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Stay deleted successfully');
    expect(await app.db.select().from(stays).where(eq(stays.id, stay.id))).toEqual([]);
    expect(mediaFiles(app).filter((f) => f.startsWith(key))).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(404);
  });

  it('refuses to delete a stay with an upcoming confirmed booking (409) and archives one with past bookings', async () => {
    const booker = await createUser(app);
    const busy = await createStay(app, admin.headers, { name: 'Busy Stay' });
    await insertBooking(app, { userId: booker.id, stayId: busy.id, from: 2, to: 4, status: 'confirmed' });
    const refused = await app.inject({ method: 'DELETE', url: `/api/admin/stays/${busy.id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/upcoming .*booking.*can not be deleted/);

    const old = await createStay(app, admin.headers, { name: 'Old Stay' }, [await jpegFile('hotelImage')]);
    await insertBooking(app, { userId: booker.id, stayId: old.id, from: -10, to: -7, status: 'confirmed' });
    // a guest checking out today is over: it does not block
    await insertBooking(app, { userId: booker.id, stayId: old.id, from: -2, to: 0, status: 'confirmed' });
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/stays/${old.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/past bookings are kept/);
    const [row] = await app.db.select().from(stays).where(eq(stays.id, old.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    // images of an archived stay stay on disk (orders still show them); it leaves every list
    expect(mediaFiles(app)).toContain(`${(old.hotelImage as { key: string }).key}-sm.webp`);
    expect((await app.inject({ url: `/api/admin/stays/${old.id}`, headers: admin.headers })).statusCode).toBe(404);
    const list = await app.inject({ url: '/api/admin/stays', headers: admin.headers });
    expect(list.json().stays.map((s: { id: string }) => s.id)).not.toContain(old.id);
    expect((await app.inject({ url: `/api/stays/${old.id}`, headers: guest.headers })).statusCode).toBe(404);
  });

  it('a running payment hold also blocks deletion', async () => {
    const booker = await createUser(app);
    const held = await createStay(app, admin.headers, { name: 'Held Stay' });
    await insertBooking(app, { userId: booker.id, stayId: held.id, from: 1, to: 2, status: 'pending_payment' });
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/stays/${held.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
  });
});

import { MSG } from '@repo/shared/constants/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roomNumbers, roomTypes } from '#src/db/schema/index.ts';
import { build, createUser, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

type Row = { roomTypeId: string; roomNumberId: string; stayName: string; number: number; price: number; title: string };

describe(`admin rooms (${testEngine})`, async () => {
  const app = await build();
  const admin = await loginAdmin(app);
  const other = await loginAdmin(app);
  const guest = await loginGuest(app);

  const listRooms = async (stayId: string, headers = admin.headers) => {
    const res = await app.inject({ url: `/api/admin/stays/${stayId}/rooms`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().rooms as Row[];
  };

  it('needs an admin token', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Guarded Rooms' });
    const body = { title: 'Deluxe', price: 3000, maxPeople: 2, roomNumbers: [101] };
    const url = `/api/admin/stays/${stay.id}/room-types`;
    expect((await app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url, payload: body, headers: guest.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: guest.headers })).statusCode).toBe(403);
  });

  it('adds a room type with room numbers and lists them sorted by number', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Sorted Stay' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/stays/${stay.id}/room-types`,
      headers: admin.headers,
      payload: { title: 'Suite', description: 'Sea view', price: 9000, maxPeople: 4, roomNumbers: [305, 301] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Room added successfully' });
    await addRooms(app, admin.headers, stay.id, { title: 'Standard', price: 2500, roomNumbers: [102, 101, 201] });
    const rows = await listRooms(stay.id);
    expect(rows.map((r) => r.number)).toEqual([101, 102, 201, 301, 305]);
    expect(rows[0]).toMatchObject({ stayName: 'Sorted Stay', number: 101, price: 2500, title: 'Standard' });
    expect(rows[3]).toMatchObject({ number: 301, price: 9000, title: 'Suite' });
  });

  it('validates the room with the shared messages', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Validated Rooms' });
    const url = `/api/admin/stays/${stay.id}/room-types`;
    const noNumbers = await app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { title: 'A', price: 100, maxPeople: 2 },
    });
    expect(noNumbers.statusCode).toBe(400);
    expect(noNumbers.json().fieldErrors.roomNumbers).toBe(MSG.roomNumberRequired);
    const empty = await app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { title: '', price: 0, maxPeople: 0, roomNumbers: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      title: 'Title is required',
      price: 'Price must be at least ₹1',
      maxPeople: 'Max persons must be at least 1',
      roomNumbers: MSG.roomNumberRequired,
    });
    const repeated = await app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { title: 'A', price: 100, maxPeople: 2, roomNumbers: [5, 5] },
    });
    expect(repeated.json().fieldErrors.roomNumbers).toBe('Room numbers must not repeat');
  });

  it('refuses a room number the stay already has (409 naming it)', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Duplicate Rooms' });
    await addRooms(app, admin.headers, stay.id, { roomNumbers: [101, 102] });
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/stays/${stay.id}/room-types`,
      headers: admin.headers,
      payload: { title: 'Other', price: 100, maxPeople: 2, roomNumbers: [102, 103] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Room number 102 already exists in this stay');
    expect((await listRooms(stay.id)).map((r) => r.number)).toEqual([101, 102]);
    // the same number in another stay is fine
    const second = await createStay(app, admin.headers, { name: 'Second Stay' });
    await addRooms(app, admin.headers, second.id, { roomNumbers: [102] });
  });

  it("hides another admin's stay and rooms (404)", async () => {
    const stay = await createStay(app, admin.headers, { name: 'Private Rooms' });
    await addRooms(app, admin.headers, stay.id, { roomNumbers: [1] });
    const [row] = await listRooms(stay.id);
    expect((await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: other.headers })).statusCode).toBe(404);
    const add = await app.inject({
      method: 'POST',
      url: `/api/admin/stays/${stay.id}/room-types`,
      headers: other.headers,
      payload: { title: 'Sneaky', price: 1, maxPeople: 1, roomNumbers: [2] },
    });
    expect(add.statusCode).toBe(404);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/admin/room-types/${row?.roomTypeId}`,
      headers: other.headers,
      payload: { price: 1 },
    });
    expect(edit.statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/admin/room-types/${row?.roomTypeId}/room-numbers/${row?.roomNumberId}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await listRooms(stay.id)).toHaveLength(1);
  });

  it('edits a room type and adds room numbers to it', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Editable Rooms' });
    await addRooms(app, admin.headers, stay.id, { title: 'Deluxe', price: 3000, roomNumbers: [201] });
    const [row] = await listRooms(stay.id);
    const url = `/api/admin/room-types/${row?.roomTypeId}`;
    const res = await app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { price: 3500, roomNumbers: [202, 203] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Room updated successfully' });
    const rows = await listRooms(stay.id);
    expect(rows.map((r) => [r.number, r.price, r.title])).toEqual([
      [201, 3500, 'Deluxe'],
      [202, 3500, 'Deluxe'],
      [203, 3500, 'Deluxe'],
    ]);
    const [type] = await app.db
      .select()
      .from(roomTypes)
      .where(eq(roomTypes.id, row?.roomTypeId as string));
    expect(type?.description).toBe('King bed'); // not sent, so kept
    const dup = await app.inject({ method: 'PUT', url, headers: admin.headers, payload: { roomNumbers: [203] } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Room number 203 already exists in this stay');
    const bad = await app.inject({ method: 'PUT', url, headers: admin.headers, payload: { price: -5 } });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a room number; the last one takes its room type along', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Deletable Rooms' });
    await addRooms(app, admin.headers, stay.id, { roomNumbers: [1, 2] });
    const rows = await listRooms(stay.id);
    for (const row of rows) {
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/admin/room-types/${row.roomTypeId}/room-numbers/${row.roomNumberId}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Room deleted successfully');
    }
    expect(await listRooms(stay.id)).toEqual([]);
    expect(await app.db.select().from(roomTypes).where(eq(roomTypes.stayId, stay.id))).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/room-types/${rows[0]?.roomTypeId}/room-numbers/${rows[0]?.roomNumberId}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a room with confirmed future nights (409); archives one with past bookings', async () => {
    const booker = await createUser(app);
    const stay = await createStay(app, admin.headers, { name: 'Booked Rooms' });
    await addRooms(app, admin.headers, stay.id, { roomNumbers: [11, 12] });
    const [busy, used] = await listRooms(stay.id);
    if (!busy || !used) throw new Error('rooms missing');
    await insertBooking(app, {
      userId: booker.id,
      stayId: stay.id,
      from: 0,
      to: 2,
      status: 'confirmed',
      rooms: [{ id: busy.roomNumberId, number: busy.number }],
    });
    await insertBooking(app, {
      userId: booker.id,
      stayId: stay.id,
      from: -5,
      to: -3,
      status: 'confirmed',
      rooms: [{ id: used.roomNumberId, number: used.number }],
    });
    const del = (r: Row) =>
      app.inject({
        method: 'DELETE',
        url: `/api/admin/room-types/${r.roomTypeId}/room-numbers/${r.roomNumberId}`,
        headers: admin.headers,
      });
    const refused = await del(busy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Room 11 is booked for upcoming nights and can not be deleted until those stays are over or cancelled',
    );

    const archived = await del(used);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().message).toMatch(/past bookings are kept/);
    const [row] = await app.db.select().from(roomNumbers).where(eq(roomNumbers.id, used.roomNumberId));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await listRooms(stay.id)).map((r) => r.number)).toEqual([11]);
    // an archived number is free again for a new room
    await addRooms(app, admin.headers, stay.id, { title: 'New', roomNumbers: [12] });
    expect((await listRooms(stay.id)).map((r) => r.number)).toEqual([11, 12]);
  });

  it('archives a room type whose last room has booking history', async () => {
    const booker = await createUser(app);
    const stay = await createStay(app, admin.headers, { name: 'History Rooms' });
    await addRooms(app, admin.headers, stay.id, { roomNumbers: [7] });
    const [room] = await listRooms(stay.id);
    if (!room) throw new Error('room missing');
    await insertBooking(app, {
      userId: booker.id,
      stayId: stay.id,
      from: -3,
      to: -1,
      status: 'cancelled',
      rooms: [{ id: room.roomNumberId, number: room.number }],
    });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/admin/room-types/${room.roomTypeId}/room-numbers/${room.roomNumberId}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [type] = await app.db.select().from(roomTypes).where(eq(roomTypes.id, room.roomTypeId));
    expect(type?.archivedAt).toBeInstanceOf(Date);
  });

  it('answers malformed ids with 400', async () => {
    const res = await app.inject({ url: '/api/admin/stays/123/rooms', headers: admin.headers });
    expect(res.statusCode).toBe(400);
    const del = await app.inject({ method: 'DELETE', url: '/api/admin/room-types/x/room-numbers/y', headers: admin.headers });
    expect(del.statusCode).toBe(400);
  });
});

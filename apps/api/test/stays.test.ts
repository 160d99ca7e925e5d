import { StayDto } from '@repo/shared/schemas/stay';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roomTypes, stays } from '#src/db/schema/index.ts';
import { build, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { addRooms, createStay } from './stays-helpers.ts';

describe(`public stays (${testEngine})`, async () => {
  const app = await build();
  // The platform's admin: it features and rates the stays (owners can not).
  const admin = await loginAdmin(app, { isPlatform: true });
  const guest = await loginGuest(app);

  // A small catalogue: cities and types in a known mix, some featured, one archived.
  const made: Record<string, { id: string }> = {};
  for (const [name, city, type, rating, featured] of [
    ['Chennai One', 'Chennai', 'Hotel', '7.1', 'false'],
    ['Chennai Two', 'chennai', 'Resort', '9.2', 'true'],
    ['Vizag One', 'Vizag', 'Hotel', '8.0', 'true'],
    ['Goa One', 'Goa', 'Villa', '9.6', 'true'],
    ['Goa Two', 'goa', 'Cabin', '6.5', 'false'],
    ['Archived Goa', 'goa', 'Villa', '9.9', 'true'],
  ] as const) {
    made[name] = await createStay(app, admin.headers, { name, city, type, rating, featured, lowestPrice: '9999' });
  }
  await app.db
    .update(stays)
    .set({ archivedAt: new Date() })
    .where(eq(stays.id, made['Archived Goa']?.id as string));

  it('counts stays by city in the order asked (case-insensitive, archived left out)', async () => {
    const res = await app.inject('/api/stays/count-by-city?cities=goa,bengaluru,Chennai,vizag');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: [2, 0, 2, 1] });
    const aliases = await app.inject('/api/stays/count-by-city?cities=Visakhapatnam,Madras');
    expect(aliases.json()).toEqual({ counts: [1, 2] });
    const missing = await app.inject('/api/stays/count-by-city');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('cities is required');
  });

  it('counts stays by type in the order asked', async () => {
    const res = await app.inject('/api/stays/count-by-type?types=Villa,Hotel,Resort,Cottage,Cabin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: [1, 2, 1, 0, 1] });
    const bad = await app.inject('/api/stays/count-by-type?types=Hotel,Castle');
    expect(bad.statusCode).toBe(400);
  });

  it('lists featured stays, best rated first, without archived ones and without a token', async () => {
    const res = await app.inject('/api/stays?featured=true');
    expect(res.statusCode).toBe(200);
    const list = res.json().stays as { name: string }[];
    expect(list.map((s) => s.name)).toEqual(['Goa One', 'Chennai Two', 'Vizag One']);
    for (const s of list) expect(StayDto.safeParse(s).success).toBe(true);
    const spec = await app.inject('/api/stays?featured=True');
    expect(spec.json().stays).toHaveLength(3);
    const all = await app.inject('/api/stays');
    expect(all.json().stays).toHaveLength(5);
  });

  it('shows one stay to a signed-in guest only', async () => {
    const id = made['Vizag One']?.id;
    expect((await app.inject(`/api/stays/${id}`)).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/stays/${id}`, headers: admin.headers })).statusCode).toBe(403);
    const res = await app.inject({ url: `/api/stays/${id}`, headers: guest.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Vizag One', city: 'vizag', type: 'Hotel', featured: true });
    const unknown = await app.inject({ url: '/api/stays/00000000-0000-4000-8000-000000000000', headers: guest.headers });
    expect(unknown.statusCode).toBe(404);
    const archived = await app.inject({ url: `/api/stays/${made['Archived Goa']?.id}`, headers: guest.headers });
    expect(archived.statusCode).toBe(404);
  });

  it("gives lowestPrice as the cheapest live room type's price, else the stay's own price", async () => {
    const stay = await createStay(app, admin.headers, {
      name: 'Priced Stay',
      lowestPrice: '9999',
      featured: 'true',
      rating: '1',
    });
    const get = async () => (await app.inject({ url: `/api/stays/${stay.id}`, headers: guest.headers })).json().lowestPrice;
    expect(await get()).toBe(9999);
    await addRooms(app, admin.headers, stay.id, { title: 'Suite', price: 7000, roomNumbers: [301] });
    await addRooms(app, admin.headers, stay.id, { title: 'Standard', price: 2500, roomNumbers: [101] });
    await addRooms(app, admin.headers, stay.id, { title: 'Old', price: 500, roomNumbers: [1] });
    await app.db.update(roomTypes).set({ archivedAt: new Date() }).where(eq(roomTypes.title, 'Old'));
    expect(await get()).toBe(2500);
    const featured = (await app.inject('/api/stays?featured=true')).json().stays as { id: string; lowestPrice: number }[];
    expect(featured.find((s) => s.id === stay.id)?.lowestPrice).toBe(2500);
    const admins = (await app.inject({ url: '/api/admin/stays', headers: admin.headers })).json().stays as {
      id: string;
      lowestPrice: number;
    }[];
    expect(admins.find((s) => s.id === stay.id)?.lowestPrice).toBe(2500);
    expect(admins.find((s) => s.id === made['Vizag One']?.id)?.lowestPrice).toBe(9999);
  });

  it('lists at most 12 stays', async () => {
    await app.db.insert(stays).values(
      Array.from({ length: 14 }, (_, i) => ({
        ownerId: admin.user.id,
        name: `Featured ${i}`,
        type: 'Hotel' as const,
        city: 'pune',
        featured: true,
      })),
    );
    expect((await app.inject('/api/stays?featured=true')).json().stays).toHaveLength(12);
  });
});

import { LIMITS } from '@repo/shared/constants/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stays, wishlistItems } from '#src/db/schema/index.ts';
import { WISHLIST_MSG } from '#src/features/wishlist/messages.ts';
import { guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine } from './helper.ts';

const URL = '/api/me/wishlist';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe(`my wishlist: /api/me/wishlist (${testEngine})`, async () => {
  const app = await build();
  type Headers = Record<string, string>;
  const put = (headers: Headers, stayId: string) => app.inject({ method: 'PUT', url: `${URL}/${stayId}`, headers });
  const del = (headers: Headers, stayId: string) => app.inject({ method: 'DELETE', url: `${URL}/${stayId}`, headers });
  const list = (headers: Headers) => app.inject({ url: URL, headers });
  const ids = async (headers: Headers) => (await app.inject({ url: `${URL}/ids`, headers })).json().stayIds as string[];
  const rows = (userId: string) => app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));

  it('saves stays and lists them newest first, as the stay page shows them', async () => {
    const me = await guest(app);
    const { stay: first } = await stayWithRooms(app, 'Lake View Residency');
    const { stay: second } = await stayWithRooms(app, 'Hill Top Cottage', 'chennai');
    expect((await list(me.headers)).json()).toEqual({ stays: [] });
    expect(await ids(me.headers)).toEqual([]);

    const saved = await put(me.headers, first.id);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ stayId: first.id, saved: true });
    expect((await put(me.headers, second.id)).statusCode).toBe(200);

    const res = await list(me.headers);
    expect(res.statusCode).toBe(200);
    const cards = res.json().stays as { id: string }[];
    expect(cards.map((s) => s.id)).toEqual([second.id, first.id]);
    // The card is the stay as its page shows it (the page adds who supplies it).
    const { seller: _seller, ...detail } = (await app.inject({ url: `/api/stays/${first.id}`, headers: me.headers })).json();
    expect(cards[1]).toEqual(detail);
    expect(await ids(me.headers)).toEqual([second.id, first.id]);
  });

  it('saves idempotently: saving again keeps one row and its place', async () => {
    const me = await guest(app);
    const { stay: a } = await stayWithRooms(app, 'Palm Grove Villa');
    const { stay: b } = await stayWithRooms(app, 'River Side Inn');
    await put(me.headers, a.id);
    await put(me.headers, b.id);
    const again = await put(me.headers, a.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ stayId: a.id, saved: true });
    expect(await rows(me.user.id)).toHaveLength(2);
    expect(await ids(me.headers)).toEqual([b.id, a.id]);
  });

  it('removes idempotently, also a stay never saved or unknown', async () => {
    const me = await guest(app);
    const { stay } = await stayWithRooms(app);
    await put(me.headers, stay.id);
    const removed = await del(me.headers, stay.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ stayId: stay.id, saved: false });
    expect((await del(me.headers, stay.id)).json()).toEqual({ stayId: stay.id, saved: false });
    expect((await del(me.headers, UNKNOWN)).statusCode).toBe(200);
    expect(await rows(me.user.id)).toHaveLength(0);
    expect((await list(me.headers)).json().stays).toEqual([]);
  });

  it('answers 404 for an unknown or archived stay, and saves nothing', async () => {
    const me = await guest(app);
    const unknown = await put(me.headers, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(WISHLIST_MSG.stayNotFound);
    const { stay } = await stayWithRooms(app, 'Old Fort Lodge');
    await app.db.update(stays).set({ archivedAt: new Date() }).where(eq(stays.id, stay.id));
    expect((await put(me.headers, stay.id)).statusCode).toBe(404);
    expect(await rows(me.user.id)).toHaveLength(0);
  });

  it('hides a saved stay once it is archived', async () => {
    const me = await guest(app);
    const { stay: kept } = await stayWithRooms(app, 'Blue Lagoon Resort');
    const { stay: gone } = await stayWithRooms(app, 'Closed Down Hotel');
    await put(me.headers, kept.id);
    await put(me.headers, gone.id);
    await app.db.update(stays).set({ archivedAt: new Date() }).where(eq(stays.id, gone.id));
    expect(((await list(me.headers)).json().stays as { id: string }[]).map((s) => s.id)).toEqual([kept.id]);
    expect(await ids(me.headers)).toEqual([kept.id]);
  });

  it('refuses a malformed stay id with a clear 400 and changes nothing', async () => {
    const me = await guest(app);
    for (const bad of ['not-a-uuid', '123', "'%20OR%20'1'='1", 'a'.repeat(60)]) {
      for (const send of [put, del]) {
        const res = await send(me.headers, bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toMatch(/valid id/i);
      }
    }
    expect(await rows(me.user.id)).toHaveLength(0);
  });

  it('needs a live guest token: 401 without one or after logout, 403 for an admin token', async () => {
    const { stay } = await stayWithRooms(app);
    for (const res of [
      await app.inject({ url: URL }),
      await app.inject({ url: `${URL}/ids` }),
      await put({}, stay.id),
      await del({}, stay.id),
      await put({ authorization: 'Bearer not.a.token' }, stay.id),
    ])
      expect(res.statusCode).toBe(401);
    const admin = await loginAdmin(app);
    expect((await list(admin.headers)).statusCode).toBe(403);
    expect((await put(admin.headers, stay.id)).statusCode).toBe(403);
    const me = await guest(app);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.headers });
    expect((await put(me.headers, stay.id)).statusCode).toBe(401);
    expect(await rows(me.user.id)).toHaveLength(0);
  });

  it("keeps each guest's list to themselves", async () => {
    const alice = await guest(app);
    const bob = await guest(app);
    const { stay } = await stayWithRooms(app, 'Shared Favourite');
    await put(alice.headers, stay.id);
    expect((await list(bob.headers)).json().stays).toEqual([]);
    expect(await ids(bob.headers)).toEqual([]);
    // Bob removing the stay removes it from his own list only.
    await del(bob.headers, stay.id);
    expect(await ids(alice.headers)).toEqual([stay.id]);
  });

  it('keeps at most the saved-stays limit, with a 409 past it', async () => {
    const me = await guest(app);
    const { stay: one } = await stayWithRooms(app, 'Full List Stay');
    const { stay: more } = await stayWithRooms(app, 'One Too Many');
    // Fill the list straight in the database up to the limit (same stay ids are not needed: one row per stay).
    const filler = await app.db
      .insert(stays)
      .values(
        Array.from({ length: LIMITS.maxSavedStays - 1 }, (_, i) => ({
          ...one,
          id: undefined,
          name: `Filler ${i}`,
          createdAt: undefined,
          updatedAt: undefined,
        })),
      )
      .returning({ id: stays.id });
    await app.db.insert(wishlistItems).values([one, ...filler].map((s) => ({ userId: me.user.id, stayId: s.id })));
    const res = await put(me.headers, more.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WISHLIST_MSG.full(LIMITS.maxSavedStays));
    const stored = await app.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, me.user.id), eq(wishlistItems.stayId, more.id)));
    expect(stored).toHaveLength(0);
    // Saving one already saved still answers 200, and removing makes room again.
    expect((await put(me.headers, one.id)).statusCode).toBe(200);
    await del(me.headers, one.id);
    expect((await put(me.headers, more.id)).statusCode).toBe(200);
  });

  it('keeps the limit under concurrency: 250 saves sent at once leave 200 saved, the rest 409', async () => {
    const me = await guest(app);
    const { stay: template } = await stayWithRooms(app, 'Race Stay');
    const many = await app.db
      .insert(stays)
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          ...template,
          id: undefined,
          name: `Race ${i}`,
          createdAt: undefined,
          updatedAt: undefined,
        })),
      )
      .returning({ id: stays.id });
    const answers = await Promise.all(many.map((s) => put(me.headers, s.id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMITS.maxSavedStays);
    expect(codes.filter((c) => c === 409)).toHaveLength(250 - LIMITS.maxSavedStays);
    expect(await rows(me.user.id)).toHaveLength(LIMITS.maxSavedStays);
  });

  it('is published in the OpenAPI document, so the security fuzzer covers every route', () => {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths[URL] ?? {}).sort()).toEqual(['get']);
    expect(Object.keys(paths[`${URL}/ids`] ?? {}).sort()).toEqual(['get']);
    expect(Object.keys(paths[`${URL}/{stayId}`] ?? {}).sort()).toEqual(['delete', 'put']);
  });
});

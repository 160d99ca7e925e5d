import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, stays } from '#src/db/schema/index.ts';
import { build, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

// A guest edits or deletes their own review (ADR 016, addendum). The stay's answers are reused for a long time here
// (stayCacheMs), so a guest could only see the new rating because the stay row changed in the review's transaction.
describe(`review edits and deletes (${testEngine})`, async () => {
  const app = await build({ stayCacheMs: 60_000 });
  const owner = await loginAdmin(app);
  const guest = await loginGuest(app, { firstName: 'Farhan' });
  const other = await loginGuest(app);
  const stay = await createStay(app, owner.headers, {
    name: 'Lake View',
    city: 'chennai',
    rating: '9.5',
    experience: 'Excellent',
  });
  await addRooms(app, owner.headers, stay.id, { roomNumbers: [101], price: 3000 });

  const past = (userId: string, stayId = stay.id) =>
    insertBooking(app, { userId, stayId, from: -5, to: -2, status: 'confirmed' });
  const write = (id: string, headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: `/api/bookings/${id}/review`, headers, payload });
  const edit = (id: string, headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'PUT', url: `/api/bookings/${id}/review`, headers, payload: payload as object });
  const remove = (id: string, headers: Record<string, string>) =>
    app.inject({ method: 'DELETE', url: `/api/bookings/${id}/review`, headers });
  const stayRow = async (id = stay.id) => (await app.db.select().from(stays).where(eq(stays.id, id)))[0];
  const reviewOf = async (bookingId: string) => (await app.db.select().from(reviews).where(eq(reviews.bookingId, bookingId)))[0];
  /** What a guest sees of the stay (asked again until it matches: the cache hears of the change through the database). */
  const guestSees = async () => {
    const seen = (await app.inject({ url: `/api/stays/${stay.id}`, headers: guest.headers })).json();
    return { rating: seen.rating, experience: seen.experience, reviewsCount: seen.reviewsCount };
  };
  const soon = { timeout: 2000, interval: 20 };

  const mine = await past(guest.user.id);
  const theirs = await past(other.user.id);

  it('the guest edits their review: new rating and text, updated_at set, the reply kept, the stay recomputed at once', async () => {
    expect((await write(mine.id, guest.headers, { rating: 6, body: 'Noisy at night' })).statusCode).toBe(201);
    expect((await write(theirs.id, other.headers, { rating: 10, body: 'Perfect' })).statusCode).toBe(201);
    expect(await stayRow()).toMatchObject({ reviewsCount: 2, reviewsRating: 8 });
    // A guest reads the stay now, so its answer is kept for a minute.
    await expect.poll(guestSees, soon).toEqual({
      rating: 8,
      experience: 'Satisfactory',
      reviewsCount: 2,
    });
    const target = await reviewOf(mine.id);
    const replied = await app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${target?.id}/reply`,
      headers: owner.headers,
      payload: { reply: 'We moved you to a quieter room next time.' },
    });
    expect(replied.statusCode).toBe(200);

    const res = await edit(mine.id, guest.headers, { rating: 9, body: '  They fixed the noise. Lovely stay.  ' });
    expect(res.statusCode).toBe(200);
    const review = res.json().review;
    expect(review).toMatchObject({
      id: target?.id,
      bookingId: mine.id,
      firstName: 'Farhan',
      rating: 9,
      body: 'They fixed the noise. Lovely stay.',
      reply: 'We moved you to a quieter room next time.',
    });
    expect(review.updatedAt).toBeTruthy();
    expect(review.repliedAt).toBeTruthy();
    const stored = await reviewOf(mine.id);
    expect(stored?.updatedAt).toBeInstanceOf(Date);
    expect(stored?.createdAt.toISOString()).toBe(target?.createdAt.toISOString());
    // 9 and 10 → 9.5, Excellent.
    expect(await stayRow()).toMatchObject({ reviewsCount: 2, reviewsRating: 9.5 });
    await expect.poll(guestSees, soon).toEqual({
      rating: 9.5,
      experience: 'Excellent',
      reviewsCount: 2,
    });
    // The stay page's list and My Orders show the edit.
    const list = (await app.inject({ url: `/api/stays/${stay.id}/reviews`, headers: guest.headers })).json();
    expect(list.reviews.find((r: { id: string }) => r.id === target?.id)).toMatchObject({
      rating: 9,
      updatedAt: review.updatedAt,
    });
    const orders = (await app.inject({ url: '/api/me/bookings', headers: guest.headers })).json().bookings;
    expect(orders.find((b: { id: string }) => b.id === mine.id).review).toMatchObject({ rating: 9, updatedAt: review.updatedAt });
  });

  it("another guest's review is 404 to edit or delete; no token 401; an admin 401 or 403; nothing changes", async () => {
    const before = await reviewOf(theirs.id);
    expect((await edit(theirs.id, guest.headers, { rating: 1, body: 'Hijacked' })).statusCode).toBe(404);
    expect((await remove(theirs.id, guest.headers)).statusCode).toBe(404);
    expect((await edit(theirs.id, {}, { rating: 1, body: 'x' })).statusCode).toBe(401);
    expect((await remove(theirs.id, {})).statusCode).toBe(401);
    expect([401, 403]).toContain((await edit(theirs.id, owner.headers, { rating: 1, body: 'x' })).statusCode);
    expect([401, 403]).toContain((await remove(theirs.id, owner.headers)).statusCode);
    const unknown = '7c1d2a54-52a7-4f6e-a7a4-0e4c1f4b3c2a';
    expect((await edit(unknown, guest.headers, { rating: 5, body: 'x' })).statusCode).toBe(404);
    expect((await remove(unknown, guest.headers)).statusCode).toBe(404);
    // A booking of mine without a review.
    const unreviewed = await past(guest.user.id);
    const none = await edit(unreviewed.id, guest.headers, { rating: 5, body: 'x' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/review does not exist/);
    expect((await remove(unreviewed.id, guest.headers)).statusCode).toBe(404);
    expect(await reviewOf(theirs.id)).toEqual(before);
    expect(await stayRow()).toMatchObject({ reviewsCount: 2, reviewsRating: 9.5 });
  });

  it('a bad edit is a 400 that names the problem and changes nothing', async () => {
    const before = await reviewOf(mine.id);
    for (const payload of [
      {},
      { rating: 0, body: 'x' },
      { rating: 11, body: 'x' },
      { rating: 7.5, body: 'x' },
      { rating: '8', body: 'x' },
      { rating: 8 },
      { rating: 8, body: '   ' },
      { rating: 8, body: 'x'.repeat(2001) },
      { rating: 8, body: 42 },
      null,
    ]) {
      const res = await edit(mine.id, guest.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await edit('not-a-uuid', guest.headers, { rating: 8, body: 'x' })).statusCode).toBe(400);
    expect((await remove('not-a-uuid', guest.headers)).statusCode).toBe(400);
    expect(await reviewOf(mine.id)).toEqual(before);
  });

  it('the guest deletes their review: gone with its reply, the stay recomputed, the booking reviewable again', async () => {
    const res = await remove(mine.id, guest.headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await reviewOf(mine.id)).toBeUndefined();
    expect(await stayRow()).toMatchObject({ reviewsCount: 1, reviewsRating: 10 });
    await expect.poll(guestSees, soon).toEqual({
      rating: 10,
      experience: 'Excellent',
      reviewsCount: 1,
    });
    expect((await remove(mine.id, guest.headers)).statusCode).toBe(404);
    const orders = (await app.inject({ url: '/api/me/bookings', headers: guest.headers })).json().bookings;
    expect(orders.find((b: { id: string }) => b.id === mine.id).review).toBeNull();

    // The last review gone: the owner's stay is 'New' again (the 9.5 its owner sent was never theirs to set).
    expect((await remove(theirs.id, other.headers)).statusCode).toBe(204);
    expect(await stayRow()).toMatchObject({ reviewsCount: 0, reviewsRating: null });
    await expect.poll(guestSees, soon).toEqual({
      rating: null,
      experience: null,
      reviewsCount: 0,
    });
    expect((await write(mine.id, guest.headers, { rating: 7, body: 'Second visit thoughts' })).statusCode).toBe(201);
    expect(await stayRow()).toMatchObject({ reviewsCount: 1, reviewsRating: 7 });
  });

  it("concurrent writes, edits and deletes of one stay's reviews keep its count and average right", async () => {
    const busy = await createStay(app, owner.headers, { name: 'Busy Stay', city: 'chennai', rating: '5', experience: 'Poor' });
    const guests = await Promise.all(Array.from({ length: 12 }, () => loginGuest(app)));
    const booked = await Promise.all(guests.map((g) => past(g.user.id, busy.id)));
    // Half of them have reviewed already.
    for (let i = 0; i < 6; i++) {
      const g = guests[i];
      const b = booked[i];
      if (!g || !b) throw new Error('missing guest');
      expect((await write(b.id, g.headers, { rating: 5, body: 'First' })).statusCode).toBe(201);
    }
    const results = await Promise.all(
      guests.map((g, i) => {
        const b = booked[i];
        if (!b) throw new Error('missing booking');
        if (i < 3) return remove(b.id, g.headers);
        if (i < 6) return edit(b.id, g.headers, { rating: 10, body: 'Changed my mind' });
        return write(b.id, g.headers, { rating: 8, body: 'New' });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204, 200, 200, 200, 201, 201, 201, 201, 201, 201]);
    const [n] = await app.db.select({ n: count() }).from(reviews).where(eq(reviews.stayId, busy.id));
    expect(Number(n?.n)).toBe(9);
    // Three of 10 and six of 8 → 8.7 (8.666…).
    expect(await stayRow(busy.id)).toMatchObject({ reviewsCount: 9, reviewsRating: 8.7 });
  });
});

import type { StayDto } from '@repo/shared/schemas/stay';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, stays } from '#src/db/schema/index.ts';
import { day } from './bookings.fixtures.ts';
import { build, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

describe(`verified reviews (${testEngine})`, async () => {
  const app = await build();
  // The platform's admin owns the stays, so their ratings before any review are its own (owners can not set one).
  const owner = await loginAdmin(app, { isPlatform: true });
  const otherAdmin = await loginAdmin(app);
  const guest = await loginGuest(app, { firstName: 'Meenakshi' });
  const other = await loginGuest(app);

  // Two stays in Chennai the platform rated: Marina (9.5, Excellent) and Harbour (7).
  const marina = await createStay(app, owner.headers, {
    name: 'Marina Stay',
    city: 'chennai',
    rating: '9.5',
    experience: 'Excellent',
  });
  const harbour = await createStay(app, owner.headers, {
    name: 'Harbour Stay',
    city: 'chennai',
    rating: '7',
    experience: 'Good',
  });
  await addRooms(app, owner.headers, marina.id, { roomNumbers: [101, 102], price: 3000 });
  await addRooms(app, owner.headers, harbour.id, { roomNumbers: [201], price: 3000 });

  const past = (userId: string, stayId: string, status: 'confirmed' | 'cancelled' | 'pending_payment' = 'confirmed') =>
    insertBooking(app, { userId, stayId, from: -5, to: -2, status });

  const review = (id: string, headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/bookings/${id}/review`, headers, payload: payload as object });
  const reviewCount = async () => Number((await app.db.select({ n: count() }).from(reviews))[0]?.n ?? 0);
  const stayRow = async (id: string) => (await app.db.select().from(stays).where(eq(stays.id, id)))[0];
  const stay = async (id: string) => (await app.inject({ url: `/api/stays/${id}`, headers: guest.headers })).json();

  it('a guest reviews a completed booking once; the stay keeps the count and average in the same write', async () => {
    const b = await past(guest.user.id, marina.id);
    const res = await review(b.id, guest.headers, { rating: 6, body: '  Clean rooms, slow breakfast.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({
      bookingId: b.id,
      stayId: marina.id,
      firstName: 'Meenakshi',
      rating: 6,
      body: 'Clean rooms, slow breakfast.',
      reply: null,
    });
    expect(await stayRow(marina.id)).toMatchObject({ reviewsCount: 1, reviewsRating: 6 });

    const again = await review(b.id, guest.headers, { rating: 9, body: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reviewed/);
    expect(await stayRow(marina.id)).toMatchObject({ reviewsCount: 1, reviewsRating: 6 });
  });

  it('averages the ratings to one decimal', async () => {
    const b2 = await past(other.user.id, marina.id);
    expect((await review(b2.id, other.headers, { rating: 9, body: 'Lovely' })).statusCode).toBe(201);
    const b3 = await past(guest.user.id, marina.id);
    expect((await review(b3.id, guest.headers, { rating: 9, body: 'Better this time' })).statusCode).toBe(201);
    // 6, 9, 9 → 8.0
    expect(await stayRow(marina.id)).toMatchObject({ reviewsCount: 3, reviewsRating: 8 });
    const b4 = await past(other.user.id, marina.id);
    expect((await review(b4.id, other.headers, { rating: 10, body: 'Perfect' })).statusCode).toBe(201);
    // 6, 9, 9, 10 → 8.5
    expect(await stayRow(marina.id)).toMatchObject({ reviewsCount: 4, reviewsRating: 8.5 });
  });

  it("another guest's booking is 404; a booking not over or not confirmed is 409; nothing is written", async () => {
    const before = await reviewCount();
    const mine = await past(guest.user.id, harbour.id);
    expect((await review(mine.id, other.headers, { rating: 5, body: 'Not mine' })).statusCode).toBe(404);
    expect((await review('7c1d2a54-52a7-4f6e-a7a4-0e4c1f4b3c2a', guest.headers, { rating: 5, body: 'x' })).statusCode).toBe(404);

    const ongoing = await insertBooking(app, { userId: guest.user.id, stayId: harbour.id, from: -1, to: 1, status: 'confirmed' });
    const res = await review(ongoing.id, guest.headers, { rating: 5, body: 'Too early' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_REVIEWABLE' });
    expect(res.json().message).toMatch(/after your check-out date/);

    // The check-out day itself is not yet past.
    const leavingToday = await insertBooking(app, {
      userId: guest.user.id,
      stayId: harbour.id,
      from: -2,
      to: 0,
      status: 'confirmed',
    });
    expect((await review(leavingToday.id, guest.headers, { rating: 5, body: 'Today' })).statusCode).toBe(409);

    const cancelled = await past(guest.user.id, harbour.id, 'cancelled');
    const c = await review(cancelled.id, guest.headers, { rating: 5, body: 'Cancelled' });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toMatch(/confirmed/);
    expect(await reviewCount()).toBe(before);
    expect(await stayRow(harbour.id)).toMatchObject({ reviewsCount: 0, reviewsRating: null });
  });

  it('bad input is a 400 that names the field and changes nothing; no token is 401; an admin token is 401 or 403', async () => {
    const b = await past(guest.user.id, harbour.id);
    const before = await reviewCount();
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
      const res = await review(b.id, guest.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await review('not-a-uuid', guest.headers, { rating: 8, body: 'x' })).statusCode).toBe(400);
    expect((await review(b.id, {}, { rating: 8, body: 'x' })).statusCode).toBe(401);
    expect([401, 403]).toContain((await review(b.id, owner.headers, { rating: 8, body: 'x' })).statusCode);
    expect(await reviewCount()).toBe(before);
    expect(await stayRow(harbour.id)).toMatchObject({ reviewsCount: 0 });
  });

  it("the stay shows its reviews' rating and label once it has some, else the platform's", async () => {
    expect(await stay(marina.id)).toMatchObject({ rating: 8.5, experience: 'Satisfactory', reviewsCount: 4 });
    expect(await stay(harbour.id)).toMatchObject({ rating: 7, experience: 'Good', reviewsCount: 0 });
    // Its owner sees what guests see.
    const own = await app.inject({ url: `/api/admin/stays/${marina.id}`, headers: owner.headers });
    expect(own.json()).toMatchObject({ rating: 8.5, experience: 'Satisfactory', reviewsCount: 4 });
    // The home page list shows the rating guests see.
    const home = (await app.inject('/api/stays')).json().stays as { id: string; rating: number }[];
    expect(home.find((s) => s.id === marina.id)?.rating).toBe(8.5);
  });

  it("the admin's list and form carry what guests see (the reviews' count and average)", async () => {
    const list = await app.inject({ url: '/api/admin/stays', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const rows = list.json().stays as StayDto[];
    const row = rows.find((s) => s.id === marina.id);
    // The reviews' 8.5 from 4 reviews, not the platform's 9.5.
    expect(row).toMatchObject({ rating: 8.5, experience: 'Satisfactory', reviewsCount: 4, reviewsRating: 8.5 });
    const own = (await app.inject({ url: `/api/admin/stays/${marina.id}`, headers: owner.headers })).json() as StayDto;
    expect(own).toMatchObject({ rating: 8.5, experience: 'Satisfactory', reviewsCount: 4, reviewsRating: 8.5 });
    const seen = await stay(marina.id);
    expect({ rating: seen.rating, experience: seen.experience }).toEqual({ rating: 8.5, experience: 'Satisfactory' });
    // Without reviews, guests see the platform's rating.
    const h = rows.find((s) => s.id === harbour.id) as StayDto;
    expect(h).toMatchObject({ rating: 7, experience: 'Good', reviewsCount: 0, reviewsRating: null });
    expect((await stay(harbour.id)).rating).toBe(7);
  });

  it("search shows, sorts and filters by the reviews' rating once a stay has reviews", async () => {
    const search = async (extra: Record<string, string>) => {
      const query = new URLSearchParams({
        city: 'chennai',
        checkIn: day(20),
        checkOut: day(22),
        adults: '1',
        rooms: '1',
        ...extra,
      });
      const res = await app.inject({ url: `/api/stays/search?${query}`, headers: guest.headers });
      expect(res.statusCode).toBe(200);
      return res.json().stays as { id: string; rating: number; experience: string }[];
    };
    // Harbour (owner rating 7) gets one review of 10, and now ranks above Marina (reviews 8.5, owner 9.5).
    const b = await past(other.user.id, harbour.id);
    expect((await review(b.id, other.headers, { rating: 10, body: 'Superb' })).statusCode).toBe(201);
    const byRating = await search({ sort: 'rating' });
    expect(byRating.map((s) => s.id)).toEqual([harbour.id, marina.id]);
    expect(byRating[0]).toMatchObject({ rating: 10, experience: 'Excellent' });
    expect(byRating[1]).toMatchObject({ rating: 8.5, experience: 'Satisfactory' });
    // Marina's owner rating (9.5) no longer counts for the filter: its reviews' 8.5 does.
    expect((await search({ minRating: '9' })).map((s) => s.id)).toEqual([harbour.id]);
    expect((await search({ minRating: '8.5' })).map((s) => s.id).sort()).toEqual([harbour.id, marina.id].sort());
  });

  it("lists a stay's reviews newest first, a page at a time, for signed-in guests", async () => {
    expect((await app.inject(`/api/stays/${marina.id}/reviews`)).statusCode).toBe(401);
    const res = await app.inject({ url: `/api/stays/${marina.id}/reviews`, headers: guest.headers });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 4 });
    expect(page.reviews.map((r: { rating: number }) => r.rating)).toEqual([10, 9, 9, 6]);
    expect(page.reviews[3]).toMatchObject({ firstName: 'Meenakshi', body: 'Clean rooms, slow breakfast.' });
    expect(page.reviews[0]).not.toHaveProperty('userId');
    const second = (await app.inject({ url: `/api/stays/${marina.id}/reviews?page=2`, headers: guest.headers })).json();
    expect(second).toMatchObject({ page: 2, total: 4, reviews: [] });
    for (const q of ['page=0', 'page=-1', 'page=abc', 'page=1.5']) {
      expect((await app.inject({ url: `/api/stays/${marina.id}/reviews?${q}`, headers: guest.headers })).statusCode).toBe(400);
    }
    expect(
      (await app.inject({ url: '/api/stays/7c1d2a54-52a7-4f6e-a7a4-0e4c1f4b3c2a/reviews', headers: guest.headers })).statusCode,
    ).toBe(404);
  });

  it('My Orders shows the review of a reviewed booking', async () => {
    const res = await app.inject({ url: '/api/me/bookings', headers: guest.headers });
    const bookings = res.json().bookings as { stayId: string; review: { rating: number } | null }[];
    expect(
      bookings
        .filter((b) => b.review)
        .map((b) => b.review?.rating)
        .sort(),
    ).toEqual([6, 9]);
    expect(bookings.some((b) => b.review === null)).toBe(true);
  });

  it('the owner replies once to a review of their stay; another admin gets 404; bad input is 400', async () => {
    const list = (await app.inject({ url: `/api/admin/stays/${marina.id}/reviews`, headers: owner.headers })).json();
    expect(list.total).toBe(4);
    const target = list.reviews[3] as { id: string };
    const reply = (headers: Record<string, string>, payload: unknown, id = target.id) =>
      app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/reply`, headers, payload: payload as object });

    expect((await app.inject({ url: `/api/admin/stays/${marina.id}/reviews`, headers: otherAdmin.headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: `/api/admin/stays/${marina.id}/reviews`, headers: guest.headers })).statusCode).toBe(403);
    expect((await reply(otherAdmin.headers, { reply: 'Not my stay' })).statusCode).toBe(404);
    expect((await reply(guest.headers, { reply: 'Guest' })).statusCode).toBe(403);
    expect((await reply({}, { reply: 'Nobody' })).statusCode).toBe(401);
    for (const payload of [{}, { reply: '  ' }, { reply: 5 }, { reply: 'x'.repeat(2001) }, null]) {
      expect((await reply(owner.headers, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await reply(owner.headers, { reply: 'x' }, '7c1d2a54-52a7-4f6e-a7a4-0e4c1f4b3c2a')).statusCode).toBe(404);
    const [untouched] = await app.db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(untouched).toMatchObject({ reply: null, repliedAt: null });

    const ok = await reply(owner.headers, { reply: ' Thank you, we have a new chef now. ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().review).toMatchObject({
      id: target.id,
      firstName: 'Meenakshi',
      reply: 'Thank you, we have a new chef now.',
    });
    expect(ok.json().review.repliedAt).toBeTruthy();
    const twice = await reply(owner.headers, { reply: 'Again' });
    expect(twice.statusCode).toBe(409);
    const shown = (await app.inject({ url: `/api/stays/${marina.id}/reviews`, headers: guest.headers })).json();
    expect(shown.reviews[3]).toMatchObject({ reply: 'Thank you, we have a new chef now.' });
    const [stored] = await app.db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(stored?.reply).toBe('Thank you, we have a new chef now.');
  });

  it('two reviews of one booking at once: one is kept, the other is 409', async () => {
    const b = await past(guest.user.id, harbour.id);
    const results = await Promise.all([
      review(b.id, guest.headers, { rating: 4, body: 'One' }),
      review(b.id, guest.headers, { rating: 4, body: 'Two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const n = await app.db.select({ n: count() }).from(reviews).where(eq(reviews.bookingId, b.id));
    expect(Number(n[0]?.n)).toBe(1);
  });
});

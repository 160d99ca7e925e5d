import { existsSync } from 'node:fs';
import path from 'node:path';
import { AMENITIES, CITY_CARDS, EXPERIENCES, STAY_TYPES } from '@repo/shared/constants/domain';
import { stayNights, todayInIndia } from '@repo/shared/domain/dates';
import { isReviewable } from '@repo/shared/domain/reviews';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, payments, roomNights, roomNumbers, roomTypes, settlementLines, stays, users } from '#src/db/schema/index.ts';
import { unslabbedBandOf } from '@repo/shared/domain/gst';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import { isGstin, stateOfCity } from '@repo/shared/domain/gstin';
import { seedIfEmpty } from '#src/seed/index.ts';
import { seedApi } from '#src/seed/api.ts';
import { seedCatalogue } from '#src/seed/catalogue.ts';
import { PAST_STAY_NAME } from '#src/seed/past-stay.ts';
import { build, loginAdmin, testEngine } from './helper.ts';
import { mediaFiles } from './stays-helpers.ts';

describe(`demo catalogue seed (${testEngine})`, async () => {
  const app = await build();
  const seeded = await seedIfEmpty(app);

  it('seeds an empty database with the demo accounts and about 40 stays', async () => {
    expect(seeded).toBe(true);
    const all = await app.db.select().from(stays);
    expect(all.length).toBeGreaterThanOrEqual(36);
    expect(all.length).toBeLessThanOrEqual(45);
    const [admin] = await app.db.select().from(users).where(eq(users.email, app.config.seedAdmin.email));
    expect(all.every((s) => s.ownerId === admin?.id)).toBe(true);
    // The demo's admin runs the platform and owns the demo stays (ADR 023); the demo guest is neither.
    expect(admin).toMatchObject({ isAdmin: true, isPlatform: true });
    const [guest] = await app.db.select().from(users).where(eq(users.email, app.config.seedGuest.email));
    expect(guest).toMatchObject({ isAdmin: false, isPlatform: false });
    const featured = all.filter((s) => s.featured).length;
    expect(featured).toBeGreaterThanOrEqual(8);
    expect(featured).toBeLessThanOrEqual(12);
    for (const s of all) {
      expect(s.rating).toBeGreaterThanOrEqual(6);
      expect(s.rating).toBeLessThanOrEqual(9.6);
      expect(EXPERIENCES).toContain(s.experience);
      expect(s.amenities.length).toBeGreaterThan(0);
      for (const a of s.amenities) expect(AMENITIES).toContain(a);
      expect(s.name.length).toBeGreaterThan(3);
      expect(s.address.length).toBeGreaterThan(10);
      expect(s.overview.length).toBeGreaterThan(80);
      expect(s.city).toBe(s.city.toLowerCase());
      expect(s.hotelImage).not.toBeNull();
      expect(s.roomImages.length).toBeGreaterThanOrEqual(3);
      expect(s.roomImages.length).toBeLessThanOrEqual(5);
    }
    const featuredPictures = all.filter((s) => s.featured).map((s) => s.hotelImage?.key);
    expect(new Set(featuredPictures).size).toBe(featuredPictures.length);
    for (const s of all) expect(s.overview.startsWith(s.description)).toBe(false);
    expect(new Set(all.map((s) => s.type))).toEqual(new Set(STAY_TYPES));
    const spec = all.filter((s) => CITY_CARDS.some((c) => c.query === s.city));
    expect(new Set(spec.map((s) => s.type))).toEqual(new Set(STAY_TYPES));
    for (const c of CITY_CARDS) expect(all.some((s) => s.city === c.query)).toBe(true);
    expect(new Set(all.map((s) => s.city)).size).toBeGreaterThanOrEqual(8);
  });

  it('registers the hotels, resorts and villas for GST with valid GSTINs of their state; cottages and cabins are not', async () => {
    const all = await app.db.select().from(stays);
    const registered = all.filter((s) => s.gstin);
    expect(registered.length).toBeGreaterThan(all.length / 2);
    expect(new Set(registered.map((s) => s.gstin)).size).toBe(registered.length);
    for (const s of all) {
      // Every stay stands in a state (the place of supply of its nights, ADR 022).
      expect(s.stateCode, s.name).toBe(stateOfCity(s.city));
      if (s.type === 'Cottage' || s.type === 'Cabin') {
        expect(s.gstin).toBeNull();
        continue;
      }
      expect(isGstin(s.gstin ?? ''), `${s.name}: ${s.gstin}`).toBe(true);
      expect(s.gstin?.slice(0, 2), s.name).toBe(s.stateCode);
      expect(s.legalName).toMatch(/Private Limited$/);
    }
    const bengaluru = registered.find((s) => s.city === 'bengaluru');
    expect(bengaluru?.gstin?.slice(0, 2)).toBe('29');
  });

  it('gives each stay 2-3 room types of believable prices, with 3-8 room numbers each', async () => {
    const types = await app.db.select().from(roomTypes);
    const numbers = await app.db.select().from(roomNumbers);
    const all = await app.db.select().from(stays);
    for (const s of all) {
      const own = types.filter((t) => t.stayId === s.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(s.lowestPrice).toBe(Math.min(...own.map((t) => t.price)));
      for (const t of own) {
        expect(t.price).toBeGreaterThanOrEqual(1500);
        expect(t.price).toBeLessThanOrEqual(25_000);
        // Every price fits one GST slab.
        expect(unslabbedBandOf(t.price, todayInIndia(), GST_ACCOMMODATION_RATES), `${t.price}`).toBeUndefined();
        const n = numbers.filter((r) => r.roomTypeId === t.id).length;
        expect(n).toBeGreaterThanOrEqual(3);
        expect(n).toBeLessThanOrEqual(8);
      }
    }
  });

  it('stores every picture as WebP variants that the API serves', async () => {
    const all = await app.db.select().from(stays);
    const keys = new Set(all.flatMap((s) => [s.hotelImage?.key, ...s.roomImages.map((i) => i.key)]).filter(Boolean) as string[]);
    for (const key of keys)
      for (const size of ['sm', 'md', 'lg'])
        expect(existsSync(path.join(app.dataDir, 'media', `${key}-${size}.webp`))).toBe(true);
    const first = all[0]?.hotelImage;
    const res = await app.inject(`/media/${first?.key}-lg.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('gives the demo guest one finished, paid booking to review, with its room-nights and payment', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: app.config.seedGuest.email, password: app.config.seedGuest.password },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().loginToken}` };
    const orders = (await app.inject({ url: '/api/me/bookings', headers })).json().bookings as BookingDto[];
    expect(orders).toHaveLength(1);
    const [order] = orders as [BookingDto];
    expect(order).toMatchObject({ status: 'confirmed', hotelName: PAST_STAY_NAME, review: null, nights: 2 });
    expect(order.orderId).toBeTruthy();
    expect(order.paymentId).toBeTruthy();
    expect(isReviewable(order, todayInIndia())).toBe(true);
    const nights = await app.db.select().from(roomNights).where(eq(roomNights.bookingId, order.id));
    expect(nights.map((n) => n.night).sort()).toEqual(stayNights(order.from, order.to));
    for (const n of nights) expect(n.blocksUntil).toBe('infinity');
    const [paid] = await app.db.select().from(payments).where(eq(payments.bookingId, order.id));
    expect(paid?.amountPaise).toBe(order.amount);
    // The demo guest's billing address on record is in Bengaluru, Karnataka (29), PIN 560038; the booking was sold with it.
    const me = (await app.inject({ url: '/api/me', headers })).json();
    expect(me).toMatchObject({ billingPin: '560038', billingState: '29' });
    expect(me.billingAddress).toMatch(/Bengaluru/);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, order.id));
    expect(row).toMatchObject({ guestAddress: me.billingAddress, guestPin: '560038', guestState: '29' });
    expect(order.amount).toBe(order.rooms.reduce((sum, r) => sum + r.pricePerNight, 0) * order.nights * 100);
    // Its tax invoice, dated the day it was paid, with the GST of the registered hotel.
    expect(order.documents).toHaveLength(1);
    expect(order.documents[0]?.kind).toBe('invoice');
    expect(new Date(order.documents[0]?.issuedAt ?? '').getTime()).toBe(paid?.createdAt.getTime());
    // Its week is over: the demo owner's settlement holds it, waiting for their payout details.
    const lines = await app.db.select().from(settlementLines).where(eq(settlementLines.bookingId, order.id));
    expect(lines).toHaveLength(1);
    expect(paid!.createdAt.getTime()).toBeLessThan(new Date(`${order.from}T00:00:00+05:30`).getTime());
    expect(lines[0]).toMatchObject({ kind: 'booking', grossPaise: order.amount });
    // The demo owner is an individual with a PAN: nothing deducted within ₹5 lakh in the year (ADR 050).
    expect(lines[0]).toMatchObject({ tdsBp: 0, tdsPaise: 0, tdsSection: 's.393(1) S.No. 8(v) (within ₹5 lakh)' });
    expect(order.gst?.registered).toBe(true);
    const pdf = await app.inject({ url: `/api/bookings/${order.id}/invoice`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('never touches a database that has data', async () => {
    const before = mediaFiles(app).length;
    expect(await seedIfEmpty(app)).toBe(false);
    const { user: admin, token } = await loginAdmin(app);
    expect(await seedCatalogue(seedApi(app), app.db, token)).toBe(0);
    const [row] = await app.db.select({ n: count() }).from(stays);
    const [owned] = await app.db.select({ n: count() }).from(stays).where(eq(stays.ownerId, admin.id));
    expect(Number(row?.n)).toBeGreaterThanOrEqual(36);
    expect(Number(owned?.n)).toBe(0);
    expect(mediaFiles(app).length).toBe(before);
  });

  it('keeps pictures another stay still shows when a seeded stay is deleted', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: app.config.seedAdmin.email, password: app.config.seedAdmin.password },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().adminLoginToken}` };
    const all = await app.db.select().from(stays);
    const victim = all.find((s) => all.some((o) => o.id !== s.id && o.hotelImage?.key === s.hotelImage?.key));
    if (!victim?.hotelImage) throw new Error('expected shared pictures');
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/stays/${victim.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(mediaFiles(app)).toContain(`${victim.hotelImage.key}-md.webp`);
  });
});

describe(`demo seed in production mode (${testEngine})`, async () => {
  const embedded = await build({ env: 'production', databaseUrl: undefined });
  const server = await build({ env: 'production', databaseUrl: 'postgres://db.example.internal:5432/staybook' });

  it('seeds the embedded database that `npm start` uses', async () => {
    expect(await seedIfEmpty(embedded)).toBe(true);
    const [row] = await embedded.db.select({ n: count() }).from(users);
    expect(row?.n).toBeGreaterThan(0);
  });

  it('never seeds demo accounts into a production PostgreSQL server', async () => {
    expect(await seedIfEmpty(server)).toBe(false);
    const [row] = await server.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(0);
  });
});

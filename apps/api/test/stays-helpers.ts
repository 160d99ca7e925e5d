import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { newStay } from '@repo/shared/factories';
import { canonicalCity } from '@repo/shared/schemas/stay';
import sharp from 'sharp';
import { bookingRooms, bookings, roomNights } from '#src/db/schema/index.ts';
import type { TestApp } from './helper.ts';

export type FilePart = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject: text fields (lists repeat the field) and files. */
export function multipart(fields: Record<string, string | number | boolean | string[]>, files: FilePart[] = []) {
  const boundary = `----staybook${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small JPEG made in memory. */
export function jpeg(width = 640, height = 400, color = { r: 30, g: 110, b: 200 }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export const jpegFile = async (field: string, name = 'photo.jpg', data?: Buffer): Promise<FilePart> => ({
  field,
  filename: name,
  contentType: 'image/jpeg',
  data: data ?? (await jpeg()),
});

/** Valid add-stay fields as a form sends them (text): the shared newStay() with `overrides`. */
export function stayFields(overrides: Record<string, string | string[]> = {}) {
  const fields: Record<string, string | string[]> = {};
  // The state follows the city given (as the stay form fills it), unless it is given too.
  const city = typeof overrides.city === 'string' ? canonicalCity(overrides.city) : undefined;
  for (const [k, v] of Object.entries(newStay(city ? { city } : {}))) fields[k] = Array.isArray(v) ? v : String(v);
  return { ...fields, ...overrides };
}

/** The files in the app's media folder. */
export const mediaFiles = (app: TestApp) => readdirSync(path.join(app.dataDir, 'media')).sort();

/** Creates a stay through the API (as the given admin) and returns it. */
export async function createStay(
  app: TestApp,
  headers: Record<string, string>,
  overrides: Record<string, string | string[]> = {},
  files: FilePart[] = [],
) {
  const form = multipart(stayFields(overrides), files);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/stays',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`create stay failed: ${res.statusCode} ${res.body}`);
  return res.json().stay as { id: string; [k: string]: unknown };
}

/** Adds a room type with room numbers through the API. */
export async function addRooms(
  app: TestApp,
  headers: Record<string, string>,
  stayId: string,
  body: { title?: string; price?: number; maxPeople?: number; roomNumbers: number[] },
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/stays/${stayId}/room-types`,
    headers,
    payload: { title: 'Deluxe Room', description: 'King bed', price: 3000, maxPeople: 2, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`add rooms failed: ${res.statusCode} ${res.body}`);
}

/**
 * Inserts a booking straight into the database (the booking flow is not under test here), with its
 * booking_rooms and, for live statuses, its room_nights.
 */
export async function insertBooking(
  app: TestApp,
  opts: {
    userId: string;
    stayId: string;
    /** Days from today (India) of check-in and check-out. */
    from: number;
    to: number;
    status: 'confirmed' | 'pending_payment' | 'cancelled' | 'expired' | 'payment_failed';
    rooms?: { id: string; number: number }[];
  },
) {
  const today = todayInIndia();
  const checkIn = addDays(today, opts.from);
  const checkOut = addDays(today, opts.to);
  const nights = opts.to - opts.from;
  const [booking] = await app.db
    .insert(bookings)
    .values({
      userId: opts.userId,
      stayId: opts.stayId,
      checkIn,
      checkOut,
      nights,
      adults: 1,
      amountPaise: 100_00 * nights,
      status: opts.status,
      holdExpiresAt: opts.status === 'pending_payment' ? new Date(Date.now() + 15 * 60_000) : null,
      hotelName: 'Test stay',
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  for (const room of opts.rooms ?? []) {
    await app.db
      .insert(bookingRooms)
      .values({ bookingId: booking.id, roomNumberId: room.id, number: room.number, title: 'Room', pricePerNight: 100 });
    if (opts.status === 'confirmed' || opts.status === 'pending_payment') {
      for (let i = 0; i < nights; i++) {
        await app.db
          .insert(roomNights)
          .values({ roomNumberId: room.id, night: addDays(checkIn, i), bookingId: booking.id, stayId: booking.stayId });
      }
    }
  }
  return booking;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { newStay } from '@repo/shared/factories';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { bookings, stays, users } from '#src/db/schema/index.ts';

// Migration 0018 keeps the terms of stays and bookings whose policy had 0 free days: 0 used to read "free until the
// day before check-in" and now means no free cancellation (ADR 025), so they become 1 day, which reads and refunds
// the same under both rules. Run on a fresh embedded database: the migrations before it, some rows, then it.

const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const files = readdirSync(dir)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

describe('migration 0018: 0 free days keeps the terms it was sold under', () => {
  it('turns 0 free days into 1 on stays and bookings, and leaves every other policy as it was', async () => {
    const pg = new PGlite();
    // Every other migration first (the rows below are written with today's schema; those after 0018 touch other
    // columns), then 0018 on those rows.
    for (const f of files.filter((f) => !f.startsWith('0018'))) await run(pg, f);
    const db = drizzle(pg);
    const [owner] = await db
      .insert(users)
      .values({ firstName: 'O', lastName: 'W', email: 'o@x.in', mobile: '9000000000', passwordHash: 'x', isAdmin: true })
      .returning();
    const stay = async (name: string, freeDays: number, refundPercent: number) => {
      const [row] = await db
        .insert(stays)
        .values({
          ...newStay({ name, type: 'Hotel', city: 'goa', lowestPrice: 2000, featured: false }),
          ownerId: owner!.id,
          cancellationFreeDays: freeDays,
          cancellationRefundPercent: refundPercent,
        })
        .returning();
      return row!;
    };
    const zero = await stay('Zero', 0, 50);
    const week = await stay('Week', 7, 0);
    const booking = (stayId: string, policy: { freeDays: number; refundPercent: number } | null) =>
      db
        .insert(bookings)
        .values({
          userId: owner!.id,
          stayId,
          checkIn: '2027-01-10',
          checkOut: '2027-01-11',
          nights: 1,
          adults: 1,
          amountPaise: 200_000,
          hotelName: 'H',
          cancellationPolicy: policy,
        })
        .returning()
        .then((r) => r[0]!);
    const sold0 = await booking(zero.id, { freeDays: 0, refundPercent: 50 });
    const sold7 = await booking(week.id, { freeDays: 7, refundPercent: 0 });
    const before = await booking(week.id, null);

    await run(pg, files.find((f) => f.startsWith('0018_')) as string);
    const stayRows = await db.select().from(stays);
    expect(Object.fromEntries(stayRows.map((s) => [s.name, [s.cancellationFreeDays, s.cancellationRefundPercent]]))).toEqual({
      Zero: [1, 50],
      Week: [7, 0],
    });
    const policyOf = async (id: string) => (await db.select().from(bookings)).find((b) => b.id === id)?.cancellationPolicy;
    expect(await policyOf(sold0.id)).toEqual({ freeDays: 1, refundPercent: 50 });
    expect(await policyOf(sold7.id)).toEqual({ freeDays: 7, refundPercent: 0 });
    expect(await policyOf(before.id)).toBeNull();
    await pg.close();
  });
});

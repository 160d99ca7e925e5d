import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bookings } from '#src/db/schema/index.ts';
import type { BookingsDeps } from '#src/features/bookings/deps.ts';
import { createBooking } from '#src/features/bookings/hold.service.ts';
import { day, type Guest, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, type TestApp } from './helper.ts';

/** One app on a fresh database for the tests of a file (built before them, closed after): `const app = testApp();`. */
export function testApp(): { readonly current: TestApp } {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app?.close());
  return {
    get current() {
      if (!app) throw new Error('the test app is built before the tests run');
      return app;
    },
  };
}

type Stay = Awaited<ReturnType<typeof stayWithRooms>>;

/**
 * A guest's hold made through the hold service (not HTTP): on a new stay of `stayWithRooms` unless one is given,
 * for `rooms` (room ids of the stay; room 101 by default), from `from` days ahead for `nights` nights.
 */
export async function holdRooms(
  app: TestApp,
  opts: {
    deps?: BookingsDeps;
    guest?: Guest;
    stay?: Stay;
    rooms?: (s: Stay) => string[];
    from?: number;
    nights?: number;
    adults?: number;
  } = {},
) {
  const g = opts.guest ?? (await guest(app));
  const s = opts.stay ?? (await stayWithRooms(app));
  const from = opts.from ?? 5;
  const { booking, checkout } = await createBooking(
    opts.deps ?? app.deps,
    g.user,
    {
      stayId: s.stay.id,
      checkIn: day(from),
      checkOut: day(from + (opts.nights ?? 1)),
      adults: opts.adults ?? 1,
      children: 0,
      roomNumberIds: opts.rooms ? opts.rooms(s) : [s.r101],
    },
    '127.0.0.1',
  );
  return { g, s, booking, checkout };
}

/** A captured payment's order, amount and currency as the gateway reports them when it matches the booking's order. */
export async function inFull(app: TestApp, bookingId: string) {
  const [b] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!b) throw new Error(`booking ${bookingId} not found`);
  return { orderId: b.providerOrderId, amountPaise: b.amountPaise, currency: b.currency };
}

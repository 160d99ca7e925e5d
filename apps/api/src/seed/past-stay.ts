import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { DEMO_ACCOUNTS } from '@repo/shared/factories';
import { SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';
import { createBooking } from '#src/features/bookings/index.ts';
import type { SeedApi } from './api.ts';
import type { SeedClock } from './seed-deps.ts';

/** The demo stay of the demo guest's finished booking (a featured Bengaluru hotel of the catalogue). */
export const PAST_STAY_NAME = 'The Indiranagar Grand';

/**
 * The demo guest's one finished stay, so that My Orders offers to review it: two nights in the cheapest room of
 * the demo hotel that ended ten days ago (India dates; so its week is always settled), booked and paid two weeks before check-in. The seed's clock
 * is set to that day: the guest holds the room (the bookings service; the route takes no past dates) and pays in
 * the sandbox checkout with the success card, whose webhook confirms the booking, records the payment and issues
 * the tax invoice. The clock then returns to the present, and the stay is over. Returns the booking id, or null
 * when the hotel or the sandbox gateway is absent.
 */
export async function seedPastStay(
  app: Pick<FastifyInstance, 'deps' | 'db'>,
  call: SeedApi,
  clock: SeedClock,
  guest: { id: string; token: string },
  today = todayInIndia(),
): Promise<string | null> {
  if (app.deps.payments.provider !== 'sandbox') return null;
  const [room] = await app.db
    .select({ stayId: stays.id, roomNumberId: roomNumbers.id })
    .from(stays)
    .innerJoin(roomTypes, and(eq(roomTypes.stayId, stays.id), isNull(roomTypes.archivedAt)))
    .innerJoin(roomNumbers, and(eq(roomNumbers.roomTypeId, roomTypes.id), isNull(roomNumbers.archivedAt)))
    .where(and(eq(stays.name, PAST_STAY_NAME), isNull(stays.archivedAt)))
    .orderBy(asc(roomTypes.price), asc(roomNumbers.number))
    .limit(1);
  if (!room) return null;
  const checkIn = addDays(today, -12);
  const checkOut = addDays(today, -10);
  const bookedAt = new Date(`${addDays(checkIn, -14)}T10:00:00+05:30`);
  const { firstName, lastName, mobile } = DEMO_ACCOUNTS.guest;
  clock.set(bookedAt);
  try {
    const { booking, checkout } = await createBooking(
      app.deps,
      { id: guest.id, firstName, lastName, mobile, email: app.deps.config.seedGuest.email },
      { stayId: room.stayId, checkIn, checkOut, adults: 2, children: 0, roomNumberIds: [room.roomNumberId] },
      '127.0.0.1',
    );
    const paid = await call<{ razorpay_payment_id?: string }>('POST', `/api/payments/sandbox/orders/${checkout.orderId}/pay`, {
      token: guest.token,
      json: { method: 'card', cardNumber: SANDBOX_CARDS.success, expiry: '12/40', cvv: '123', name: `${firstName} ${lastName}` },
    });
    if (!paid.razorpay_payment_id) throw new Error('seed: the sandbox did not capture the demo payment');
    // Its webhook confirms the booking on the seed's clock: the payment and invoice are dated the day it was paid.
    const gateway = app.deps.payments;
    if ('deliverDue' in gateway && typeof gateway.deliverDue === 'function') await gateway.deliverDue();
    return booking.id;
  } finally {
    clock.set(null);
  }
}

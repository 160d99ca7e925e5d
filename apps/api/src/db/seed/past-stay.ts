import { addDays, stayNights, todayInIndia } from '@repo/shared/domain/dates';
import { DEMO_BILLING } from '@repo/shared/factories';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { bookingRooms, bookings, payments, roomNights, roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';
import { issueInvoice } from '#src/features/invoices/index.ts';
import type { Deps } from '#src/platform/deps.ts';

/** The demo stay of the demo guest's finished booking (a featured Bengaluru hotel of the catalogue). */
export const PAST_STAY_NAME = 'The Indiranagar Grand';

/**
 * The demo guest's one finished stay: a confirmed, paid booking of one room for two nights that ended three days ago
 * (India dates), so that My Orders offers to review it. Written as the booking flow writes a confirmed booking: the
 * booking, its room, its room-nights (the key that blocks the room; the database fills blocks_until and
 * room_type_id), the payment in the ledger and its tax invoice. Returns the booking id, or null when the stay is absent.
 */
export async function seedPastStay(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>,
  guestId: string,
  today = todayInIndia(),
): Promise<string | null> {
  const { db } = deps;
  const [room] = await db
    .select({
      stayId: stays.id,
      stayName: stays.name,
      roomNumberId: roomNumbers.id,
      number: roomNumbers.number,
      title: roomTypes.title,
      price: roomTypes.price,
    })
    .from(stays)
    .innerJoin(roomTypes, and(eq(roomTypes.stayId, stays.id), isNull(roomTypes.archivedAt)))
    .innerJoin(roomNumbers, and(eq(roomNumbers.roomTypeId, roomTypes.id), isNull(roomNumbers.archivedAt)))
    .where(and(eq(stays.name, PAST_STAY_NAME), isNull(stays.archivedAt)))
    .orderBy(asc(roomTypes.price), asc(roomNumbers.number))
    .limit(1);
  if (!room) return null;
  const checkIn = addDays(today, -5);
  const checkOut = addDays(today, -3);
  const nights = stayNights(checkIn, checkOut);
  const amountPaise = room.price * nights.length * 100;
  const orderId = 'order_SeedPastStay01';
  const paymentId = 'pay_SeedPastStay001';
  const paidAt = new Date(`${checkIn}T00:00:00+05:30`);
  paidAt.setDate(paidAt.getDate() - 14);
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(bookings)
      .values({
        userId: guestId,
        stayId: room.stayId,
        checkIn,
        checkOut,
        nights: nights.length,
        adults: 2,
        children: 0,
        amountPaise,
        status: 'confirmed',
        provider: 'sandbox',
        providerOrderId: orderId,
        providerPaymentId: paymentId,
        hotelName: room.stayName,
        // Sold with the demo guest's billing address, as a hold stores it.
        guestAddress: DEMO_BILLING.billingAddress,
        guestPin: DEMO_BILLING.billingPin,
        guestState: DEMO_BILLING.billingState,
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning({ id: bookings.id });
    if (!booking) throw new Error('seed: past booking not created');
    await tx.insert(bookingRooms).values({
      bookingId: booking.id,
      roomNumberId: room.roomNumberId,
      number: room.number,
      title: room.title,
      pricePerNight: room.price,
    });
    await tx
      .insert(roomNights)
      .values(nights.map((night) => ({ roomNumberId: room.roomNumberId, night, bookingId: booking.id, stayId: room.stayId })));
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: 'sandbox',
      providerPaymentId: paymentId,
      providerOrderId: orderId,
      amountPaise,
      source: 'browser',
      createdAt: paidAt,
    });
    // Its tax invoice, issued when it was paid (as the confirming transaction issues one).
    await issueInvoice({ ...deps, clock: { now: () => paidAt } }, tx, booking.id);
    return booking.id;
  });
}

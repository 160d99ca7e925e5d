import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { newRoomType, newStay } from '@repo/shared/factories';
import { SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import { eq } from 'drizzle-orm';
import { payments, refunds, roomNumbers, roomTypes, sessions, stays } from '#src/db/schema/index.ts';
import { signToken } from '#src/features/auth/tokens.ts';
import { isSandbox } from '#src/adapters/sandbox/index.ts';
import { createUser, type TestApp } from './helper.ts';

/** A room type's row fields from the shared factory (its room numbers are rows of their own). */
const roomType = ({ roomNumbers: _numbers, ...fields }: ReturnType<typeof newRoomType>) => fields;

/** A date `days` after today in India, yyyy-MM-dd. */
export const day = (days: number) => addDays(todayInIndia(), days);

/**
 * A guest with a live session, made directly (independent of the login route), with a billing address on record
 * (unless `billing` is null).
 */
export async function guest(
  app: TestApp,
  { billing }: { billing?: NonNullable<Parameters<typeof createUser>[1]>['billing'] } = {},
) {
  const user = await createUser(app, billing === undefined ? {} : { billing });
  const [session] = await app.db
    .insert(sessions)
    .values({ userId: user.id, audience: 'guest', expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  if (!session) throw new Error('session not created');
  const token = await signToken(app.config.jwtSecret, user, session.id, 'guest');
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A stay with two room types: Deluxe (₹2,500, 2 people) rooms 101 and 102, Suite (₹4,000, 4 people) room 201.
 */
export async function stayWithRooms(app: TestApp, name = 'Lake View Residency', city = 'bengaluru') {
  const owner = await createUser(app, { isAdmin: true });
  const [stay] = await app.db
    .insert(stays)
    .values({ ...newStay({ name, type: 'Hotel', city, lowestPrice: 2500, featured: false }), ownerId: owner.id })
    .returning();
  if (!stay) throw new Error('stay not created');
  const [deluxe, suite] = await app.db
    .insert(roomTypes)
    .values([
      { ...roomType(newRoomType()), stayId: stay.id },
      { ...roomType(newRoomType({ title: 'Suite', description: 'Two rooms', price: 4000, maxPeople: 4 })), stayId: stay.id },
    ])
    .returning();
  if (!deluxe || !suite) throw new Error('room types not created');
  const rooms = await app.db
    .insert(roomNumbers)
    .values([
      { roomTypeId: deluxe.id, stayId: stay.id, number: 101 },
      { roomTypeId: deluxe.id, stayId: stay.id, number: 102 },
      { roomTypeId: suite.id, stayId: stay.id, number: 201 },
    ])
    .returning();
  const room = (n: number) => {
    const r = rooms.find((x) => x.number === n);
    if (!r) throw new Error(`room ${n} missing`);
    return r.id;
  };
  return { stay, owner, deluxe, suite, r101: room(101), r102: room(102), r201: room(201) };
}

export async function archiveRoom(app: TestApp, roomNumberId: string) {
  await app.db.update(roomNumbers).set({ archivedAt: new Date() }).where(eq(roomNumbers.id, roomNumberId));
}

export type Guest = Awaited<ReturnType<typeof guest>>;

/** POST /api/bookings. */
export function book(
  app: TestApp,
  g: Guest,
  body: {
    stayId: string;
    checkIn: string;
    checkOut: string;
    adults?: number;
    children?: number;
    roomNumberIds: string[];
  } & Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/bookings', headers: g.headers, payload: { adults: 1, ...body } });
}

/** A booking's ledger: its payments, its refunds (oldest first) and its balance (paid less refunds not failed). */
export async function ledgerOf(app: TestApp, bookingId: string) {
  const [paid, refunded] = await Promise.all([
    app.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt),
    app.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(refunds.createdAt),
  ]);
  const sum = (rows: { amountPaise: number }[]) => rows.reduce((n, r) => n + r.amountPaise, 0);
  return {
    payments: paid,
    refunds: refunded,
    balance: sum(paid) - sum(refunded.filter((r) => r.status !== 'failed')),
  };
}

/**
 * A payment of an order captured by the sandbox gateway's checkout (the success card), as a guest paying would: the
 * gateway knows it, so it can be refunded (it refuses a payment it never captured, as Razorpay does). Its signed
 * payment.captured webhook has reached the app when this returns. The gateway's payment id.
 */
export async function sandboxPayment(app: TestApp, checkout: { orderId: string; amount: number }): Promise<string> {
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('the tests run on the sandbox gateway');
  const answer = await gateway.pay(
    { id: checkout.orderId, amountPaise: checkout.amount, currency: 'INR' },
    { cardNumber: SANDBOX_CARDS.success, expiry: '12/99' },
  );
  if (!('razorpay_payment_id' in answer)) throw new Error('the sandbox did not capture the payment');
  return answer.razorpay_payment_id;
}

/**
 * Makes the sandbox gateway know a payment of the order as captured (by `paymentId`), for a test that reports it
 * itself (a webhook or browser callback it posts): the gateway refunds only payments it captured. The payment id.
 */
export async function knownPayment(
  app: TestApp,
  checkout: { orderId: string; amount: number },
  paymentId?: string,
): Promise<string> {
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('the tests run on the sandbox gateway');
  return gateway.capturePayment({ id: checkout.orderId, amountPaise: checkout.amount, currency: 'INR' }, paymentId);
}

/** A payment's signature as the gateway (the sandbox, in tests) gives it to the guest's browser. */
export function paymentSignature(app: TestApp, orderId: string, paymentId: string): string {
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('the tests run on the sandbox gateway');
  return gateway.signPayment(orderId, paymentId);
}

/** A webhook body's signature as the gateway (the sandbox, in tests) sends it in X-Razorpay-Signature. */
export function webhookSignature(app: TestApp, rawBody: string): string {
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('the tests run on the sandbox gateway');
  return gateway.signWebhook(rawBody);
}

/** An admin session for `user` (a stay's owner), made directly (independent of the login route): its header. */
export async function adminHeaders(app: TestApp, user: Parameters<typeof signToken>[1] & { id: string }) {
  const [session] = await app.db
    .insert(sessions)
    .values({ userId: user.id, audience: 'admin', expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  if (!session) throw new Error('no session');
  return { authorization: `Bearer ${await signToken(app.config.jwtSecret, user, session.id, 'admin')}` };
}

/**
 * A one-room booking of `nights` nights from `from` days after today, held and paid: the gateway captured it for the
 * order's amount, and the guest's browser reported it, signed. Its id.
 */
export async function paidBooking(
  app: TestApp,
  g: Guest,
  stayId: string,
  room: string,
  from: number,
  nights = 1,
  /** More of the hold's body (a business's GSTIN and billing address). */
  extra: Record<string, unknown> = {},
) {
  const held = await book(app, g, {
    stayId,
    checkIn: day(from),
    checkOut: day(from + nights),
    roomNumberIds: [room],
    ...extra,
  });
  if (held.statusCode !== 201) throw new Error(`hold refused: ${held.statusCode} ${held.body}`);
  const h = held.json();
  const orderId = h.checkout.orderId as string;
  const paymentId = await knownPayment(
    app,
    { orderId, amount: h.booking.amount },
    `pay_${h.booking.id.replaceAll('-', '').slice(0, 14)}`,
  );
  const signature = paymentSignature(app, orderId, paymentId);
  const paid = await app.inject({
    method: 'POST',
    url: `/api/bookings/${h.booking.id}/payment`,
    headers: g.headers,
    payload: { orderId, paymentId, signature },
  });
  if (paid.statusCode !== 200) throw new Error(`payment refused: ${paid.statusCode} ${paid.body}`);
  return h.booking.id as string;
}

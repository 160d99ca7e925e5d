import { REFUND_RETRY_MSG } from '@repo/shared/constants/messages';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { formatDateTime } from '@repo/shared/domain/grievances';
import { periodOf } from '@repo/shared/domain/marketplace';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isSandbox, isSandboxRoute } from '#src/adapters/sandbox/index.ts';
import {
  cancellationCompensations,
  compensationPayouts,
  refunds,
  settlementCompensations,
  settlements,
  stays,
} from '#src/db/schema/index.ts';
import { confirmPaid } from '#src/features/bookings/payment.service.ts';
import { REFUND_MAX_ATTEMPTS } from '#src/features/bookings/refund-retry.ts';
import { retryDueRefunds } from '#src/features/bookings/refunds.ts';
import { payCompensation } from '#src/features/bookings/compensations.ts';
import { settlePeriod } from '#src/features/payouts/index.ts';
import { adminHeaders, type Guest, ledgerOf, sandboxPayment, stayWithRooms, webhookSignature } from './bookings.fixtures.ts';
import { build, loginAdmin, type OutboxMail, outboxFiles, testEngine, waitForMail } from './helper.ts';
import { holdRooms, inFull } from './service-fixtures.ts';

const utf8 = (mail: OutboxMail) => ({ ...mail, text: Buffer.from(mail.text, 'latin1').toString('utf8') });
const MINUTE = 60_000;

/**
 * What a guest is owed after a cancel (ADR 053): a refund the gateway or the bank fails is sent again by itself after
 * a wait, never twice, until its last attempt, when the platform is told; and a stay that cancels a booking itself
 * owes the guest the charge its policy would have taken from them, recovered from the owner's next settlement.
 */
describe(`refunds retried and owners' cancels compensated (${testEngine})`, async () => {
  const app = await build();
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('the tests run on the sandbox gateway');
  const route = app.deps.payouts;
  if (!isSandboxRoute(route)) throw new Error('the tests pay out through the sandbox');
  const platform = await loginAdmin(app, { isPlatform: true });
  /** The app as it is `ms` from now. */
  const later = (ms: number) => ({ ...app.deps, clock: { now: () => new Date(Date.now() + ms) } });

  /** A stay with a policy (Deluxe ₹2,500 a night), and its owner's admin headers. */
  async function policyStay(policy: { freeDays: number; refundPercent: number }) {
    const s = await stayWithRooms(app);
    await app.db
      .update(stays)
      .set({ cancellationFreeDays: policy.freeDays, cancellationRefundPercent: policy.refundPercent })
      .where(eq(stays.id, s.stay.id));
    return { ...s, headers: await adminHeaders(app, s.owner) };
  }
  /** A two-night booking `from` days ahead, paid through the sandbox's checkout (so it can be refunded). */
  async function paid(s: Awaited<ReturnType<typeof policyStay>>, from: number, room: 'r101' | 'r102' = 'r101') {
    const h = await holdRooms(app, { stay: s, from, nights: 2, rooms: (x) => [x[room]] });
    const paymentId = await sandboxPayment(app, h.checkout);
    await confirmPaid(app.deps, h.booking.id, {
      ...(await inFull(app, h.booking.id)),
      paymentId,
      source: 'browser',
      method: 'card',
    });
    return { ...h, paymentId };
  }
  const myBooking = async (g: Guest, id: string) => {
    const res = await app.inject({ url: '/api/me/bookings', headers: g.headers });
    return (res.json().bookings as BookingDto[]).find((b) => b.id === id);
  };
  const cancel = (g: Guest, id: string) => app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: g.headers });
  /** The refund mail the guest gets next (a cancellation mail may come first). */
  async function nextRefundMail(to: string, seen: Set<string>) {
    for (;;) {
      const mail = await waitForMail(app, to, seen);
      seen.add(mail.file);
      if (/^Subject: Refund /m.test(mail.text)) return utf8(mail);
    }
  }

  describe('a failed refund is sent again by itself', () => {
    it('after 15 minutes, as a new attempt with its own key; the guest is told when; it is processed once', async () => {
      const s = await policyStay({ freeDays: 1, refundPercent: 0 });
      const p = await paid(s, 4);
      const seen = new Set(outboxFiles(app));
      expect((await cancel(p.g, p.booking.id)).statusCode).toBe(200);
      await gateway.settleRefunds({ status: 'failed', reason: 'The card account is closed' });
      const [failed] = (await ledgerOf(app, p.booking.id)).refunds;
      expect(failed).toMatchObject({ status: 'failed', attempt: 1, retryOf: null, settledAt: expect.any(Date) });
      const retryAt = new Date(failed!.settledAt!.getTime() + 15 * MINUTE);
      // The booking page says it fails and when it is sent again; the mail says the same.
      expect((await myBooking(p.g, p.booking.id))?.refund).toEqual({
        amount: 500_000,
        status: 'failed',
        failureReason: 'The card account is closed',
        retryAt: retryAt.toISOString(),
        processed: 0,
        pending: 0,
        failed: 500_000,
      });
      const mail = await nextRefundMail(p.g.user.email, seen);
      expect(mail.text).toMatch(/^Subject: Refund failed: Lake View Residency/m);
      expect(mail.text).toContain(REFUND_RETRY_MSG.willRetry(formatDateTime(retryAt)));

      // Not before its wait is over.
      expect(await retryDueRefunds(later(14 * MINUTE))).toBe(0);
      expect((await ledgerOf(app, p.booking.id)).refunds).toHaveLength(1);
      // Then once, whoever asks: two runs at the same time make one attempt, and a third finds nothing to do.
      const runs = await Promise.all([retryDueRefunds(later(16 * MINUTE)), retryDueRefunds(later(16 * MINUTE))]);
      expect(runs[0] + runs[1]).toBe(1);
      expect(await retryDueRefunds(later(16 * MINUTE))).toBe(0);
      let money = await ledgerOf(app, p.booking.id);
      expect(money.refunds).toMatchObject([
        { status: 'failed', attempt: 1 },
        {
          status: 'pending',
          attempt: 2,
          retryOf: failed!.id,
          amountPaise: 500_000,
          providerRefundId: expect.stringMatching(/^rfnd_/),
        },
      ]);
      // Each attempt is its own refund at the gateway (its id the idempotency key).
      expect(money.refunds[1]?.providerRefundId).not.toBe(money.refunds[0]?.providerRefundId);
      expect((await myBooking(p.g, p.booking.id))?.refund).toMatchObject({ status: 'pending', pending: 500_000, retryAt: null });
      // The guest can not ask for it a second time while it is on its way.
      expect(
        (await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers }))
          .statusCode,
      ).toBe(409);

      await gateway.settleRefunds();
      money = await ledgerOf(app, p.booking.id);
      expect(money.refunds.map((r) => r.status)).toEqual(['failed', 'processed']);
      expect(money.balance).toBe(0);
      expect(await retryDueRefunds(later(2 * 24 * 60 * MINUTE))).toBe(0);
    });

    it('a guest who asks again first takes the next attempt: nothing more is sent by itself', async () => {
      const s = await policyStay({ freeDays: 1, refundPercent: 0 });
      const p = await paid(s, 4);
      await cancel(p.g, p.booking.id);
      await gateway.settleRefunds({ status: 'failed', reason: 'Bank refused' });
      const retry = await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers });
      expect(retry.statusCode).toBe(200);
      expect(await retryDueRefunds(later(60 * MINUTE))).toBe(0);
      const { refunds } = await ledgerOf(app, p.booking.id);
      expect(refunds.map((r) => [r.status, r.attempt])).toEqual([
        ['failed', 1],
        ['pending', 2],
      ]);
      expect(refunds[1]?.retryOf).toBe(refunds[0]?.id);
      await gateway.settleRefunds();
    });

    it(`gives up after attempt ${REFUND_MAX_ATTEMPTS}: the platform's admins are told, the guest what happens next`, async () => {
      const s = await policyStay({ freeDays: 1, refundPercent: 0 });
      const p = await paid(s, 4);
      const seen = new Set(outboxFiles(app));
      await cancel(p.g, p.booking.id);
      // Each wait is at most a day: two days later the next attempt is always due.
      for (let attempt = 1; attempt <= REFUND_MAX_ATTEMPTS; attempt++) {
        await gateway.settleRefunds({ status: 'failed', reason: `Bank refused (${attempt})` });
        if (attempt < REFUND_MAX_ATTEMPTS) expect(await retryDueRefunds(later(attempt * 2 * 24 * 60 * MINUTE))).toBe(1);
      }
      expect(await retryDueRefunds(later(30 * 24 * 60 * MINUTE))).toBe(0);
      const money = await ledgerOf(app, p.booking.id);
      expect(money.refunds.map((r) => [r.status, r.attempt])).toEqual(
        Array.from({ length: REFUND_MAX_ATTEMPTS }, (_, i) => ['failed', i + 1]),
      );
      // Never more than paid went out: every attempt failed, the guest's money is all still held.
      expect(money.balance).toBe(500_000);
      expect((await myBooking(p.g, p.booking.id))?.refund).toMatchObject({
        status: 'failed',
        failed: 500_000,
        failureReason: `Bank refused (${REFUND_MAX_ATTEMPTS})`,
        retryAt: null,
      });
      const alert = utf8(await waitForMail(app, platform.user.email, seen));
      expect(alert.text).toMatch(
        new RegExp(`^Subject: Refund failed after ${REFUND_MAX_ATTEMPTS} attempts: Lake View Residency`, 'm'),
      );
      expect(alert.text).toContain(p.g.user.email);
      expect(alert.text).toContain(p.paymentId);
      let last: OutboxMail | undefined;
      for (let i = 0; i < REFUND_MAX_ATTEMPTS; i++) last = await nextRefundMail(p.g.user.email, seen);
      expect(last?.text).toContain(REFUND_RETRY_MSG.gaveUp);
      // The guest may still ask again, once more.
      const retry = await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers });
      expect(retry.statusCode).toBe(200);
      expect((await ledgerOf(app, p.booking.id)).refunds.at(-1)).toMatchObject({
        status: 'pending',
        attempt: REFUND_MAX_ATTEMPTS + 1,
      });
      await gateway.settleRefunds();
      expect((await ledgerOf(app, p.booking.id)).balance).toBe(0);
    });
  });

  describe("a stay that cancels owes its guest its policy's charge", () => {
    const url = (id: string) => `/api/admin/bookings/${id}`;
    const compensationOf = async (bookingId: string) =>
      app.db.select().from(cancellationCompensations).where(eq(cancellationCompensations.bookingId, bookingId));

    it('shows it to the owner before the cancel, records it, and tells the guest on the booking and in the mail', async () => {
      const s = await policyStay({ freeDays: 30, refundPercent: 50 });
      const p = await paid(s, 10);
      const preview = await app.inject({ url: `${url(p.booking.id)}/cancellation`, headers: s.headers });
      expect(preview.json()).toMatchObject({
        quote: { refund: 500_000 },
        compensation: {
          amount: 250_000,
          description: "Compensation of ₹2,500: the charge the booking's policy takes from a guest who cancels today",
        },
        booking: { compensation: null },
      });
      // Only the stay's owner may cancel it: another owner gets a 404, the guest a 403.
      const other = await policyStay({ freeDays: 1, refundPercent: 0 });
      expect((await app.inject({ method: 'POST', url: `${url(p.booking.id)}/cancel`, headers: other.headers })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'POST', url: `${url(p.booking.id)}/cancel`, headers: p.g.headers })).statusCode).toBe(
        403,
      );
      // The platform, not the stay's owner, does not act on another owner's booking either (ADR 023).
      expect(
        (await app.inject({ method: 'POST', url: `${url(p.booking.id)}/cancel`, headers: platform.headers })).statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'POST', url: `${url(p.booking.id)}/cancel` })).statusCode).toBe(401);
      expect(await compensationOf(p.booking.id)).toEqual([]);

      const seen = new Set(outboxFiles(app));
      const res = await app.inject({ method: 'POST', url: `${url(p.booking.id)}/cancel`, headers: s.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        booking: { status: 'cancelled', refund: { amount: 500_000 }, compensation: { amount: 250_000 } },
        quote: null,
        compensation: null,
      });
      expect(await compensationOf(p.booking.id)).toMatchObject([{ amountPaise: 250_000 }]);
      // The full refund is all the gateway is asked for: the compensation is not a refund of the payment.
      expect((await ledgerOf(app, p.booking.id)).refunds).toMatchObject([{ amountPaise: 500_000, reason: 'cancelled' }]);
      // The platform pays it by a payout link the guest claims (the gateway can refund no more than was paid).
      const [link] = await app.db.select().from(compensationPayouts);
      expect(link).toMatchObject({ status: 'issued', providerLinkId: expect.stringMatching(/^poutlk_/) });
      expect((await myBooking(p.g, p.booking.id))?.compensation).toEqual({
        amount: 250_000,
        description: "Compensation of ₹2,500: the charge the booking's policy takes from a guest who cancels today",
        payment: 'link_sent',
        claimUrl: link?.linkUrl,
      });
      const reservation = await app.inject({ url: `/api/admin/reservations/${p.booking.id}`, headers: s.headers });
      expect(reservation.json().reservation).toMatchObject({ status: 'cancelled', compensation: 250_000 });
      const mail = utf8(await waitForMail(app, p.g.user.email, seen));
      expect(mail.text).toMatch(/^Subject: Booking cancelled/m);
      expect(mail.text).toContain('Refund: ₹5,000');
      expect(mail.text).toContain('Compensation: ₹2,500 from the stay for cancelling, on top of the full refund.');
      expect(mail.text).toContain(link?.linkUrl);
      // The guest claims it: the gateway's signed webhook marks it paid, once; asking for the link again makes none.
      expect(await route.settlePayoutLinks()).toBe(1);
      expect((await myBooking(p.g, p.booking.id))?.compensation).toMatchObject({ payment: 'paid', claimUrl: null });
      // A signed repeat changes nothing; a signed event without its link is a 400 that changes nothing.
      const post = (body: object) => {
        const raw = JSON.stringify(body);
        return app.inject({
          method: 'POST',
          url: '/api/payouts/webhook',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(app, raw) },
          payload: raw,
        });
      };
      const again = await post({
        event: 'payout_link.cancelled',
        payload: { payout_link: { entity: { id: link?.providerLinkId } } },
      });
      expect(again.json()).toEqual({ status: 'duplicate' });
      expect((await post({ event: 'payout_link.processed', payload: {} })).statusCode).toBe(400);
      // The end of a link not recorded yet is refused (the gateway sends it again), never taken for a repeat.
      const early = await post({ event: 'payout_link.rejected', payload: { payout_link: { entity: { id: 'poutlk_unknown' } } } });
      expect(early.statusCode).toBe(409);
      const [compensation] = await compensationOf(p.booking.id);
      await payCompensation(app.deps, compensation!.id);
      expect(await app.db.select().from(compensationPayouts)).toMatchObject([
        { status: 'processed', providerLinkId: link?.providerLinkId },
      ]);
      // A second cancel is refused and records nothing more.
      expect((await app.inject({ method: 'POST', url: `${url(p.booking.id)}/cancel`, headers: s.headers })).statusCode).toBe(409);
      expect(await compensationOf(p.booking.id)).toHaveLength(1);
      // Another guest sees none of it.
      const stranger = await holdRooms(app, { stay: other, from: 3 });
      expect(await myBooking(stranger.g, p.booking.id)).toBeUndefined();
    });

    it('is the charge at that moment: none on the last free day, half the day after; never on a guest’s own cancel', async () => {
      const s = await policyStay({ freeDays: 30, refundPercent: 50 });
      const lastFree = await paid(s, 30);
      const dayAfter = await paid(s, 29, 'r102');
      const guestOwn = await paid(s, 20);
      const preview = async (id: string) =>
        (await app.inject({ url: `${url(id)}/cancellation`, headers: s.headers })).json().compensation;
      expect(await preview(lastFree.booking.id)).toMatchObject({ amount: 0 });
      expect(await preview(dayAfter.booking.id)).toMatchObject({ amount: 250_000 });
      for (const b of [lastFree, dayAfter])
        expect((await app.inject({ method: 'POST', url: `${url(b.booking.id)}/cancel`, headers: s.headers })).statusCode).toBe(
          200,
        );
      expect(await compensationOf(lastFree.booking.id)).toEqual([]);
      expect((await myBooking(lastFree.g, lastFree.booking.id))?.compensation).toBeNull();
      expect(await compensationOf(dayAfter.booking.id)).toMatchObject([{ amountPaise: 250_000 }]);
      expect((await cancel(guestOwn.g, guestOwn.booking.id)).statusCode).toBe(200);
      expect(await compensationOf(guestOwn.booking.id)).toEqual([]);
      expect((await ledgerOf(app, guestOwn.booking.id)).refunds).toMatchObject([{ amountPaise: 250_000 }]);
      // Its link ends unpaid (rejected): the guest's booking says our team pays it another way, and the platform is told.
      // (The link is made after the cancel's answer, by its outbox entry.)
      await app.deps.tasks.drain();
      const seen = new Set(outboxFiles(app));
      expect(await route.settlePayoutLinks('rejected')).toBe(1);
      expect((await myBooking(dayAfter.g, dayAfter.booking.id))?.compensation).toMatchObject({
        payment: 'link_ended',
        claimUrl: null,
      });
      const alert = utf8(await waitForMail(app, platform.user.email, seen));
      expect(alert.text).toMatch(/^Subject: Compensation not paid: Lake View Residency/m);
      expect(alert.text).toContain(dayAfter.booking.id);
      expect(alert.text).toContain('₹2,500');
    });

    it("is deducted once from the owner's next settlement, and shown on its statement", async () => {
      // Non-refundable: a guest cancelling gets nothing back, so the stay's own cancel owes everything paid on top.
      const late = await policyStay({ freeDays: 0, refundPercent: 0 });
      const other = await policyStay({ freeDays: 1, refundPercent: 0 });
      const sold = await paid(late, 10);
      expect(
        (await app.inject({ method: 'POST', url: `${url(sold.booking.id)}/cancel`, headers: late.headers })).statusCode,
      ).toBe(200);
      expect(await compensationOf(sold.booking.id)).toMatchObject([{ amountPaise: 500_000 }]);

      const today = todayInIndia();
      const period = periodOf(addDays(today, 7));
      expect(await settlePeriod(app.deps, period, late.owner.id)).toBe(1);
      const [settled] = await app.db.select().from(settlements).where(eq(settlements.ownerId, late.owner.id));
      expect(settled).toMatchObject({
        netPaise: -500_000,
        openingPaise: 0,
        closingPaise: -500_000,
        payablePaise: 0,
        lineCount: 0,
      });
      expect(
        await app.db.select().from(settlementCompensations).where(eq(settlementCompensations.settlementId, settled!.id)),
      ).toMatchObject([{ amountPaise: 500_000, ownerId: late.owner.id }]);
      // The next settlement does not take it again: it carries the balance, and nothing is left to deduct.
      const next = periodOf(addDays(period.end, 1));
      await settlePeriod(app.deps, next, late.owner.id);
      expect(
        await app.db.select().from(settlementCompensations).where(eq(settlementCompensations.ownerId, late.owner.id)),
      ).toHaveLength(1);

      const statement = await app.inject({ url: `/api/admin/payouts/settlements/${settled!.id}`, headers: late.headers });
      expect(statement.statusCode).toBe(200);
      expect(statement.json()).toMatchObject({
        totals: { net: -500_000 },
        compensations: [{ bookingId: sold.booking.id, amount: 500_000 }],
        lines: [],
      });
      const csv = await app.inject({ url: `/api/admin/payouts/settlements/${settled!.id}/statement.csv`, headers: late.headers });
      expect(csv.body).toContain('Compensation to the guest (your cancel)');
      expect(csv.body).toContain('-5000.00');
      // Another owner sees no one else's statement.
      expect(
        (await app.inject({ url: `/api/admin/payouts/settlements/${settled!.id}`, headers: other.headers })).statusCode,
      ).toBe(404);
    });
  });

  it('keeps the records append-only: an attempt, the failure it follows, a compensation, its deduction and its paid link', async () => {
    const [refund] = await app.db.select().from(refunds).where(isNotNull(refunds.retryOf)).limit(1);
    const [compensation] = await app.db.select().from(cancellationCompensations).limit(1);
    const [deducted] = await app.db.select().from(settlementCompensations).limit(1);
    const [link] = await app.db.select().from(compensationPayouts).where(eq(compensationPayouts.status, 'processed')).limit(1);
    if (!refund || !compensation || !deducted || !link) throw new Error('the tests above made none');
    const refused = [
      sql`update refunds set attempt = attempt + 1 where id = ${refund.id}`,
      sql`update refunds set retry_of = null where id = ${refund.id}`,
      sql`update cancellation_compensations set amount_paise = 1 where id = ${compensation.id}`,
      sql`delete from cancellation_compensations where id = ${compensation.id}`,
      sql`delete from settlement_compensations where compensation_id = ${deducted.compensationId}`,
      sql`update compensation_payouts set status = 'cancelled' where compensation_id = ${link.compensationId}`,
      sql`delete from compensation_payouts where compensation_id = ${link.compensationId}`,
    ];
    for (const statement of refused) await expect(app.db.execute(statement)).rejects.toThrow();
  });
});

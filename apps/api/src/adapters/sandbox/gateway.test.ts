import { SANDBOX_CARDS, SANDBOX_FAILING_BANK, SANDBOX_UPI_IDS } from '@repo/shared/schemas/payment';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { sandboxEvents } from '#src/db/schema/sandbox.ts';
import { createTestDatabase } from '#test/helper.ts';
import { createSandboxGateway, type SandboxConfig, type SandboxWebhook, UPI_INTENT_EXPIRY_MS } from './gateway.ts';

/** Each gateway keeps its account in a database of its own (dropped after the file). */
const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
afterAll(async () => {
  for (const d of databases.splice(0)) await d.drop();
});
async function freshDb(): Promise<Database> {
  const d = await createTestDatabase();
  databases.push(d);
  return d;
}
const CFG: SandboxConfig = { keyId: 'rzp_test_sandbox', keySecret: 'key-secret', webhookSecret: 'hook-secret' };
const gateway = async (cfg: Partial<SandboxConfig> = {}, db?: Database) =>
  createSandboxGateway((db ?? (await freshDb())).db, { ...CFG, ...cfg });
/** The gateway (taking UPI collect too, unless told) with every webhook it delivers collected, parsed. */
async function collecting(upiApprovalMs?: number, cfg: Partial<SandboxConfig> = { upiCollect: true }) {
  const g = await gateway({ upiApprovalMs, ...cfg });
  const hooks: { event: string; payload: { payment: { entity: Record<string, unknown> } } }[] = [];
  g.deliverWebhooksTo(async (w) => {
    expect(g.verifyWebhook(w.rawBody, w.signature)).toBe(true);
    hooks.push(JSON.parse(w.rawBody));
  });
  return { g, hooks };
}
const order = { id: 'order_Test000000001', amountPaise: 250_000, currency: 'INR' };
const now = new Date('2026-11-23T10:00:00Z');
/** A payment of `order` the gateway captured (the success card): its id. */
async function captured(g: Awaited<ReturnType<typeof gateway>>, of = order) {
  const answer = await g.pay(of, { cardNumber: SANDBOX_CARDS.success, expiry: '11/26' }, now);
  if (!('razorpay_payment_id' in answer)) throw new Error('expected a capture');
  return answer.razorpay_payment_id;
}

describe('sandbox gateway', () => {
  it('captures with the success card: signed success fields, and a signed payment.captured webhook', async () => {
    const g = await gateway();
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    const answer = await g.pay(order, { cardNumber: SANDBOX_CARDS.success, expiry: '11/26' }, now);
    if (!('razorpay_payment_id' in answer)) throw new Error('expected a success');
    expect(
      g.verifyPaymentSignature({
        orderId: order.id,
        paymentId: answer.razorpay_payment_id,
        signature: answer.razorpay_signature,
      }),
    ).toBe(true);
    expect(delivered).toHaveLength(1);
    const [hook] = delivered;
    expect(g.verifyWebhook(hook?.rawBody ?? '', hook?.signature)).toBe(true);
    expect(JSON.parse(hook?.rawBody ?? '{}')).toMatchObject({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: answer.razorpay_payment_id, order_id: order.id, amount: 250_000, status: 'captured' } },
      },
    });
  });

  it("declines the failure card with Razorpay's error fields and a payment.failed webhook", async () => {
    const g = await gateway();
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    const answer = await g.pay(order, { cardNumber: SANDBOX_CARDS.failure, expiry: '12/30' }, now);
    expect(answer).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_declined', metadata: { order_id: order.id } },
    });
    expect(JSON.parse(delivered[0]?.rawBody ?? '{}')).toMatchObject({ event: 'payment.failed' });
  });

  it('refuses other cards and expired ones, delivering nothing', async () => {
    const g = await gateway();
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    await expect(g.pay(order, { cardNumber: '4242424242424242', expiry: '12/30' }, now)).rejects.toMatchObject({
      fieldErrors: { cardNumber: 'Use a sandbox test card' },
    });
    await expect(g.pay(order, { cardNumber: SANDBOX_CARDS.success, expiry: '10/26' }, now)).rejects.toMatchObject({
      fieldErrors: { expiry: 'This card has expired' },
    });
    expect(delivered).toEqual([]);
  });

  it('answers the same refund for the same idempotency key', async () => {
    const g = await gateway();
    const paymentId = await captured(g);
    const a = await g.refund({ paymentId, amountPaise: 100, idempotencyKey: 'k1', receipt: 'r' });
    const b = await g.refund({ paymentId, amountPaise: 100, idempotencyKey: 'k1', receipt: 'r' });
    const c = await g.refund({ paymentId, amountPaise: 100, idempotencyKey: 'k2', receipt: 'r' });
    expect(a.id).toBe(b.id);
    expect(c.id).not.toBe(a.id);
  });

  it("keeps Razorpay's refund contract: pending with an rfnd_ id (the same for the same key), then a signed refund webhook", async () => {
    const g = await gateway();
    const paymentId = await captured(g);
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    const ask = { paymentId, amountPaise: 125_000, idempotencyKey: 'refund-1', receipt: 'refund-1' };
    const first = await g.refund(ask);
    expect(first).toMatchObject({ id: expect.stringMatching(/^rfnd_\w{14}$/), status: 'pending', amountPaise: 125_000 });
    expect((await g.refund(ask)).id).toBe(first.id);
    expect((await g.refund({ ...ask, idempotencyKey: 'refund-2', receipt: 'refund-2' })).id).not.toBe(first.id);
    expect(delivered).toEqual([]);

    expect(await g.settleRefunds({ status: 'failed', reason: 'Account closed' })).toBe(2);
    expect(await g.settleRefunds()).toBe(0);
    expect(delivered).toHaveLength(2);
    const [hook] = delivered;
    expect(g.verifyWebhook(hook?.rawBody ?? '', hook?.signature)).toBe(true);
    expect(JSON.parse(hook?.rawBody ?? '{}')).toMatchObject({
      entity: 'event',
      event: 'refund.failed',
      contains: ['refund'],
      payload: {
        refund: {
          entity: {
            id: first.id,
            entity: 'refund',
            amount: 125_000,
            payment_id: paymentId,
            receipt: 'refund-1',
            status: 'failed',
            error_description: 'Account closed',
          },
        },
      },
    });
    expect((await g.refund(ask)).status).toBe('failed');
  });

  it('refunds a payment it captured before its account was kept (its id is signed with the key secret), not one it never made', async () => {
    const paymentId = await captured(await gateway());
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    // An account with the same secret (kept in the data folder) that holds none of the earlier payments.
    const restarted = await gateway();
    expect(await restarted.refund({ paymentId, amountPaise: 100_000, idempotencyKey: 'r1', receipt: 'r1' })).toMatchObject({
      paymentId,
      amountPaise: 100_000,
      status: 'pending',
    });
    // Another secret, or an id it did not make: unknown.
    const other = await gateway({ keySecret: 'another-secret' });
    await expect(other.refund({ paymentId, amountPaise: 100, idempotencyKey: 'r2', receipt: 'r2' })).rejects.toMatchObject({
      name: 'RefundRefused',
      description: 'The id provided does not exist',
    });
    const forged = `${paymentId.slice(0, -1)}${paymentId.endsWith('A') ? 'B' : 'A'}`;
    await expect(
      restarted.refund({ paymentId: forged, amountPaise: 100, idempotencyKey: 'r3', receipt: 'r3' }),
    ).rejects.toMatchObject({
      name: 'RefundRefused',
    });
  });

  it('refuses like Razorpay a payment it never captured, and a refund of more than is left of the payment', async () => {
    const g = await gateway();
    const ask = { amountPaise: 100, idempotencyKey: 'k1', receipt: 'k1' };
    const refused = (message: string) => ({ name: 'RefundRefused', code: 'BAD_REQUEST_ERROR', description: message });
    await expect(g.refund({ ...ask, paymentId: 'pay_NeverCaptured1' })).rejects.toMatchObject(
      refused('The id provided does not exist'),
    );
    // A declined payment was never captured.
    const declined = await g.pay(
      { ...order, id: 'order_Test000000009' },
      { cardNumber: SANDBOX_CARDS.failure, expiry: '11/26' },
      now,
    );
    if (!('error' in declined)) throw new Error('expected a decline');
    await expect(g.refund({ ...ask, paymentId: declined.error.metadata.payment_id })).rejects.toMatchObject(
      refused('Only captured payments can be refunded'),
    );

    const paymentId = await captured(g);
    const more = 'The refund amount provided is greater than amount captured';
    await expect(g.refund({ ...ask, paymentId, amountPaise: 250_001 })).rejects.toMatchObject(refused(more));
    await g.refund({ ...ask, paymentId, amountPaise: 200_000 });
    // ₹500 is left of ₹2,500 after ₹2,000: ₹500.01 is too much, ₹500 is not.
    await expect(g.refund({ paymentId, amountPaise: 50_001, idempotencyKey: 'k2', receipt: 'k2' })).rejects.toMatchObject(
      refused(more),
    );
    // A failed refund gives its amount back to refund.
    await g.settleRefunds({ status: 'failed', reason: 'Account closed' });
    expect(await g.refund({ paymentId, amountPaise: 250_000, idempotencyKey: 'k3', receipt: 'k3' })).toMatchObject({
      status: 'pending',
      amountPaise: 250_000,
    });
    await expect(g.refund({ paymentId, amountPaise: 1, idempotencyKey: 'k4', receipt: 'k4' })).rejects.toMatchObject(
      refused(more),
    );
    // The same key still answers the refund it made.
    expect((await g.refund({ paymentId, amountPaise: 250_000, idempotencyKey: 'k3', receipt: 'k3' })).status).toBe('pending');
  });

  it('processes a refund by itself after refundDelayMs', async () => {
    const g = await gateway({ refundDelayMs: 5 });
    const paymentId = await captured(g);
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    await g.refund({ paymentId, amountPaise: 100, idempotencyKey: 'k1', receipt: 'k1' });
    await expect.poll(() => delivered.length).toBe(1);
    expect(JSON.parse(delivered[0]?.rawBody ?? '{}').event).toBe('refund.processed');
  });

  it('UPI: the success id captures with method upi and the vpa in the entity; the gateway knows the method', async () => {
    const { g, hooks } = await collecting();
    const answer = await g.pay(order, { method: 'upi', vpa: SANDBOX_UPI_IDS.success }, now);
    if (!('razorpay_payment_id' in answer)) throw new Error('expected a success');
    expect(
      g.verifyPaymentSignature({
        orderId: order.id,
        paymentId: answer.razorpay_payment_id,
        signature: answer.razorpay_signature,
      }),
    ).toBe(true);
    expect(hooks).toMatchObject([
      {
        event: 'payment.captured',
        payload: { payment: { entity: { id: answer.razorpay_payment_id, method: 'upi', vpa: 'success@razorpay', bank: null } } },
      },
    ]);
    expect(await g.paymentDetails(answer.razorpay_payment_id)).toMatchObject({ method: 'upi', currency: 'INR' });
    expect(await g.paymentDetails('pay_Unknown0000001')).toBeNull();
  });

  it("UPI: the failure id is declined by the UPI app with Razorpay's fields; an unknown id is refused", async () => {
    const { g, hooks } = await collecting();
    const answer = await g.pay(order, { method: 'upi', vpa: SANDBOX_UPI_IDS.failure }, now);
    expect(answer).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', source: 'customer_psp', reason: 'authorisation_declined_by_psp' },
    });
    expect(hooks).toMatchObject([
      {
        event: 'payment.failed',
        payload: { payment: { entity: { method: 'upi', error_reason: 'authorisation_declined_by_psp' } } },
      },
    ]);
    await expect(g.pay(order, { method: 'upi', vpa: 'someone@okhdfcbank' }, now)).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { vpa: expect.stringContaining('success@razorpay') },
    });
    expect(hooks).toHaveLength(1);
  });

  it('UPI: the pending id waits (no webhook), refuses a second payment of the order, then settles once', async () => {
    const { g, hooks } = await collecting();
    const answer = await g.pay(order, { method: 'upi', vpa: SANDBOX_UPI_IDS.pending }, now);
    if (!('pending' in answer)) throw new Error('expected pending');
    expect(answer.pending).toMatchObject({ order_id: order.id, method: 'upi', vpa: 'pending@razorpay' });
    expect(hooks).toEqual([]);
    expect(await g.orderPayment(order.id)).toEqual(answer);
    await expect(g.pay(order, { cardNumber: SANDBOX_CARDS.success, expiry: '12/30' }, now)).rejects.toMatchObject({
      statusCode: 409,
      code: 'PAYMENT_PENDING',
    });
    const settled = await g.settle(answer.pending.payment_id, 'captured', now);
    expect(settled).toMatchObject({ razorpay_payment_id: answer.pending.payment_id });
    expect(await g.orderPayment(order.id)).toEqual(settled);
    expect(hooks).toMatchObject([{ event: 'payment.captured', payload: { payment: { entity: { method: 'upi' } } } }]);
    await expect(g.settle(answer.pending.payment_id, 'declined', now)).rejects.toMatchObject({ statusCode: 409 });
    expect(hooks).toHaveLength(1);
  });

  it('UPI: a pending payment not approved in time fails with payment_timed_out', async () => {
    const { g, hooks } = await collecting();
    const answer = await g.pay(order, { method: 'upi', vpa: SANDBOX_UPI_IDS.pending }, now);
    if (!('pending' in answer)) throw new Error('expected pending');
    expect(await g.settle(answer.pending.payment_id, 'timed_out', now)).toMatchObject({
      error: { reason: 'payment_timed_out', metadata: { payment_id: answer.pending.payment_id } },
    });
    expect(hooks).toMatchObject([{ event: 'payment.failed', payload: { payment: { entity: { status: 'failed' } } } }]);
  });

  it('UPI: with an approval delay, the pending payment is captured by itself and its webhook delivered', async () => {
    const { g, hooks } = await collecting(300);
    await g.pay(order, { method: 'upi', vpa: SANDBOX_UPI_IDS.pending }, new Date());
    expect(hooks).toEqual([]);
    await expect.poll(() => hooks.length).toBe(1);
    expect(hooks).toMatchObject([{ event: 'payment.captured' }]);
    expect(await g.orderPayment(order.id)).toMatchObject({ razorpay_order_id: order.id });
  });

  it('UPI intent: waits for the UPI app with a upi://pay link of the payment, then is approved or declined once', async () => {
    const { g, hooks } = await collecting(undefined, {});
    expect(g.upiFlows).toEqual(['intent', 'qr']);
    const answer = await g.pay(order, { method: 'upi', flow: 'intent' }, now);
    if (!('pending' in answer)) throw new Error('expected pending');
    const id = answer.pending.payment_id;
    expect(answer.pending).toEqual({
      order_id: order.id,
      payment_id: id,
      method: 'upi',
      vpa: null,
      link: `upi://pay?pa=staybook.sandbox%40razorpay&pn=StayBook%20Sandbox&tr=${id}&tn=Payment%20for%20${order.id}&am=2500.00&cu=INR&mc=7011`,
      expires_at: new Date(now.getTime() + UPI_INTENT_EXPIRY_MS).toISOString(),
    });
    expect(hooks).toEqual([]);
    expect(await g.orderPayment(order.id, now)).toEqual(answer);
    expect(await g.settle(id, 'captured', now)).toMatchObject({ razorpay_payment_id: id });
    expect(hooks).toMatchObject([
      { event: 'payment.captured', payload: { payment: { entity: { id, method: 'upi', vpa: null } } } },
    ]);

    const other = { ...order, id: 'order_Test000000003' };
    const declined = await g.pay(other, { method: 'upi', flow: 'intent' }, now);
    if (!('pending' in declined)) throw new Error('expected pending');
    expect(await g.settle(declined.pending.payment_id, 'declined', now)).toMatchObject({
      error: { reason: 'authorisation_declined_by_psp', metadata: { order_id: other.id } },
    });
    expect(hooks.map((h) => h.event)).toEqual(['payment.captured', 'payment.failed']);
    g.stop();
  });

  it('UPI intent: times out at its expiry, by its timer or when asked for after it; collect is refused unless offered', async () => {
    const { g, hooks } = await collecting(undefined, { upiExpiryMs: 200 });
    await g.pay(order, { method: 'upi', flow: 'intent' }, new Date());
    await expect.poll(() => hooks.length).toBe(1);
    expect(hooks).toMatchObject([
      { event: 'payment.failed', payload: { payment: { entity: { error_reason: 'payment_timed_out' } } } },
    ]);
    expect(await g.orderPayment(order.id)).toMatchObject({ error: { reason: 'payment_timed_out' } });
    g.stop();

    const late = await collecting(undefined, {});
    late.g.stop(); // no timers: the expiry is found when the checkout asks
    const pending = await late.g.pay(order, { method: 'upi', flow: 'intent' }, now);
    if (!('pending' in pending)) throw new Error('expected pending');
    expect(await late.g.orderPayment(order.id, new Date(now.getTime() + UPI_INTENT_EXPIRY_MS - 1))).toEqual(pending);
    expect(await late.g.orderPayment(order.id, new Date(now.getTime() + UPI_INTENT_EXPIRY_MS))).toMatchObject({
      error: { reason: 'payment_timed_out', metadata: { payment_id: pending.pending.payment_id } },
    });
    expect(late.hooks).toMatchObject([{ event: 'payment.failed' }]);

    await expect(
      late.g.pay({ ...order, id: 'order_Test000000004' }, { method: 'upi', vpa: SANDBOX_UPI_IDS.success }, now),
    ).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { vpa: expect.stringContaining('no longer offered') },
    });
    expect((await collecting()).g.upiFlows).toEqual(['intent', 'qr', 'collect']);
  });

  it('keeps its account in the database: a new gateway on it settles a pending refund, approves a due UPI payment and posts an undelivered webhook', async () => {
    const db = await freshDb();
    const first = await gateway({ refundDelayMs: 60_000, upiApprovalMs: 60_000, upiCollect: true }, db);
    const paymentId = await captured(first);
    await first.refund({ paymentId, amountPaise: 100, idempotencyKey: 'k1', receipt: 'k1' });
    const pending = await first.pay({ ...order, id: 'order_Test000000002' }, { method: 'upi', vpa: SANDBOX_UPI_IDS.pending });
    if (!('pending' in pending)) throw new Error('expected pending');
    // The payment's webhook found no receiver: it is owed.
    first.stop();

    const again = await gateway({ refundDelayMs: 20, upiApprovalMs: 20 }, db);
    const hooks: string[] = [];
    again.deliverWebhooksTo(async (w) => void hooks.push(JSON.parse(w.rawBody).event));
    // The delays are the rows': the new process waits for what the first one promised.
    await again.resume();
    await expect.poll(() => hooks).toEqual(['payment.captured']);
    expect(await again.settleRefunds()).toBe(1);
    expect(await again.settle(pending.pending.payment_id, 'captured')).toMatchObject({
      razorpay_payment_id: pending.pending.payment_id,
    });
    expect(hooks).toEqual(['payment.captured', 'refund.processed', 'payment.captured']);
    again.stop();
  });

  it('posts a refused webhook again when it is due; one the receiver took is not posted again', async () => {
    const database = await freshDb();
    const g = await gateway({}, database);
    let refuse = true;
    const posted: string[] = [];
    g.deliverWebhooksTo(async (w) => {
      posted.push(w.eventId);
      if (refuse) throw new Error('refused');
    });
    await captured(g);
    expect(posted).toHaveLength(1);
    // Not due yet: the first retry waits WEBHOOK_RETRY.firstMs.
    expect(await g.deliverDue()).toBe(0);
    expect(await database.db.select().from(sandboxEvents)).toMatchObject([{ attempts: 1, deliveredAt: null }]);
    refuse = false;
    await database.db.update(sandboxEvents).set({ nextAttemptAt: new Date(Date.now() - 1) });
    expect(await g.deliverDue()).toBe(1);
    expect(posted).toEqual([posted[0], posted[0]]);
    expect(await g.deliverDue()).toBe(0);
    g.stop();
  });

  it('netbanking: a listed bank captures with the bank code; the failing bank is an authentication failure', async () => {
    const { g, hooks } = await collecting();
    const ok = await g.pay(order, { method: 'netbanking', bank: 'HDFC' }, now);
    expect(ok).toHaveProperty('razorpay_signature');
    const failed = await g.pay(order, { method: 'netbanking', bank: SANDBOX_FAILING_BANK }, now);
    expect(failed).toMatchObject({ error: { step: 'payment_authentication', reason: 'authentication_failed' } });
    expect(hooks).toMatchObject([
      { event: 'payment.captured', payload: { payment: { entity: { method: 'netbanking', bank: 'HDFC', vpa: null } } } },
      { event: 'payment.failed', payload: { payment: { entity: { method: 'netbanking', bank: 'FAIL' } } } },
    ]);
  });

  it('a card payment is reported with method card', async () => {
    const { g, hooks } = await collecting();
    await g.pay(order, { cardNumber: SANDBOX_CARDS.success, expiry: '11/26' }, now);
    expect(hooks[0]?.payload.payment.entity).toMatchObject({ method: 'card' });
  });
});

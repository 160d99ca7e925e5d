import { describe, expect, it } from 'vitest';
import { webhookSignature } from '#test/bookings.fixtures.ts';
import { testApp } from '#test/service-fixtures.ts';
import { applyWebhook } from './webhooks.service.ts';

describe('webhooks', () => {
  const test = testApp();

  // The sandbox's webhooks are Razorpay's: its body, signature and event id headers.
  const hook = (body: string, signature: string, eventId?: string) =>
    applyWebhook(test.current.deps, Buffer.from(body), {
      'x-razorpay-signature': signature,
      ...(eventId && { 'x-razorpay-event-id': eventId }),
    });

  it('refuses an unsigned webhook; a signed event of no booking is ignored, and once only', async () => {
    await expect(hook('{"event":"payment.captured"}', 'bad')).rejects.toMatchObject({
      statusCode: 400,
    });
    const body = JSON.stringify({ event: 'order.unknown', payload: {} });
    const signature = webhookSignature(test.current, body);
    expect(await hook(body, signature, 'evt_1')).toEqual({ status: 'ignored' });
    expect(await hook(body, signature, 'evt_1')).toEqual({ status: 'duplicate' });
  });
});

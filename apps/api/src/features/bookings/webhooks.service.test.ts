import { describe, expect, it } from 'vitest';
import { webhookSignature } from '#test/bookings.fixtures.ts';
import { testApp } from '#test/service-fixtures.ts';
import { applyWebhook } from './webhooks.service.ts';

describe('webhooks', () => {
  const test = testApp();

  it('refuses an unsigned webhook; a signed event of no booking is ignored, and once only', async () => {
    await expect(applyWebhook(test.current.deps, '{"event":"payment.captured"}', 'bad', undefined)).rejects.toMatchObject({
      statusCode: 400,
    });
    const body = JSON.stringify({ event: 'order.unknown', payload: {} });
    const signature = webhookSignature(test.current, body);
    expect(await applyWebhook(test.current.deps, body, signature, 'evt_1')).toEqual({ status: 'ignored' });
    expect(await applyWebhook(test.current.deps, body, signature, 'evt_1')).toEqual({ status: 'duplicate' });
  });
});

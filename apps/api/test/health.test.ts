import { createHash } from 'node:crypto';
import { EARLY_REQUEST_SCRIPT } from '@repo/shared/constants/early-request';
import { describe, expect, it } from 'vitest';
import { build, testEngine } from './helper.ts';

describe(`health and platform (${testEngine})`, async () => {
  const app = await build();

  it('answers /api/health and /api/ready', async () => {
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: testEngine });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'This address does not exist' });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('sends security headers and a request id', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts: our own files, and the one inline script of the page by its hash (no other inline script runs).
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(EARLY_REQUEST_SCRIPT).digest('base64');
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`, 'https://checkout.razorpay.com']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('refuses text with a NUL character in a query, a path or a body with a 400', async () => {
    for (const res of [
      await app.inject('/api/stays/count-by-city?cities=%00'),
      await app.inject('/api/stays/count-by-type?types=Hotel%00'),
      await app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 'a\u0000@example.com' } }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.com', password: 'pass\u0000word' },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

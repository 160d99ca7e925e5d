import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

describe(`compression (${testEngine})`, async () => {
  const app = await build();
  afterAll(() => app.close());
  const g = await guest(app);
  for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await stayWithRooms(app, `${name} Residency`);
  const url = '/api/stays';

  it('compresses API answers for clients that ask, with brotli or gzip, and the body is the same', async () => {
    const plain = await app.inject({ url, headers: g.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await app.inject({ url, headers: { ...g.headers, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url, headers: { ...g.headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers as they are', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage } from '#src/platform/storage.ts';

describe('image storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'staybook-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const storage = createStorage(path.join(dir, 'media'));
  const make = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: '#3a86ff80' } });

  it('accepts JPEG, PNG, WebP and GIF; refuses text, SVG, PDF and truncated files', async () => {
    for (const buf of [
      await make(20, 10).jpeg().toBuffer(),
      await make(20, 10).png().toBuffer(),
      await make(20, 10).webp().toBuffer(),
      await make(20, 10).gif().toBuffer(),
    ])
      expect(await storage.isImage(buf)).toBe(true);
    const jpeg = await make(200, 100).jpeg().toBuffer();
    for (const buf of [
      Buffer.from('hello, I am a text file'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>'),
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.alloc(0),
      jpeg.subarray(0, 12),
    ])
      expect(await storage.isImage(buf)).toBe(false);
    await expect(storage.save(Buffer.from('nope'))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Only image files are allowed',
    });
    expect(readdirSync(storage.dir)).toEqual([]);
  });

  it('refuses an image whose header claims too many pixels (a decompression bomb)', async () => {
    // A well-formed PNG claiming 20000 x 20000 pixels (400 megapixels), with almost no data.
    const crc = (buf: Buffer) => {
      let c = ~0;
      for (const b of buf) {
        c ^= b;
        for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
      }
      return ~c >>> 0;
    };
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc(body));
      return Buffer.concat([head, body, sum]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    expect(await storage.isImage(bomb)).toBe(false);
    await expect(storage.save(bomb)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('writes sm, md and lg WebP variants, never enlarging, keeping transparency', async () => {
    const big = await storage.save(await make(3000, 1500).png().toBuffer());
    expect(big).toMatchObject({ width: 1600, height: 800 });
    const widths = await Promise.all(
      ['sm', 'md', 'lg'].map(async (s) => (await sharp(path.join(storage.dir, `${big.key}-${s}.webp`)).metadata()).width),
    );
    expect(widths).toEqual([480, 960, 1600]);
    const small = await storage.save(await make(300, 200).png().toBuffer());
    expect(small).toMatchObject({ width: 300, height: 200 });
    const meta = await sharp(storage.file(small.key, 'md')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, hasAlpha: true });
  });

  it('removes every variant of a key, and ignores keys that are not ours', async () => {
    const img = await storage.save(await make(50, 50).jpeg().toBuffer());
    await storage.remove([img.key, '../../etc/passwd', 'x']);
    for (const s of ['sm', 'md', 'lg'] as const) expect(existsSync(storage.file(img.key, s))).toBe(false);
  });
});

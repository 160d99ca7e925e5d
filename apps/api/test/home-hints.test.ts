import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GALLERY_FIRST_PHOTOS, GALLERY_SIZES, imageSrcSet } from '@repo/shared/domain/images';
import { stays } from '#src/db/schema/index.ts';
import { build, createUser, testEngine } from './helper.ts';

// The home page's HTML announces its first city pictures (the page's largest paint on a phone) so they load while
// the app's code does; the same choice as the city cards: the first featured stay of the city with a picture.
describe(`home page hints (${testEngine})`, async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'staybook-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>StayBook</title></head><body></body></html>',
  );
  const app = await build({ webDist });
  afterAll(() => app.close());
  const image = (key: string) => ({ key, width: 1600, height: 1000 });

  it('sends index.html at / without hints while no featured stay has a picture', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>StayBook</title>');
    expect(res.body).not.toContain('rel="preload"');
  });

  it('announces the first pictures of the first-row cities, and only those', async () => {
    // A fresh app: the hints of the previous test are kept for a few seconds.
    const fresh = await build({ webDist });
    try {
      await fresh.db.insert(stays).values([
        {
          ownerId: (await createUser(fresh, { isAdmin: true })).id,
          name: 'Blr',
          type: 'Hotel',
          city: 'bengaluru',
          featured: true,
          rating: 9,
          hotelImage: image('blr'),
        },
        {
          ownerId: (await createUser(fresh, { isAdmin: true })).id,
          name: 'Maa',
          type: 'Hotel',
          city: 'chennai',
          featured: true,
          rating: 8,
          hotelImage: image('maa'),
        },
        {
          ownerId: (await createUser(fresh, { isAdmin: true })).id,
          name: 'Hyd',
          type: 'Hotel',
          city: 'hyderabad',
          featured: true,
          rating: 7,
          hotelImage: image('hyd'),
        },
      ]);
      const res = await fresh.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="preload" as="image" href="/media/blr-sm.webp" fetchpriority="high">');
      expect(res.body).toContain('<link rel="preload" as="image" href="/media/maa-sm.webp" fetchpriority="high">');
      expect(res.body).not.toContain('hyd-sm');
      expect(res.body).not.toContain('not-sm');
      expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('</head>'));
    } finally {
      await fresh.close();
    }
  });

  it("announces a stay page's first screen of photos (GALLERY_FIRST_PHOTOS) with the gallery's srcset and sizes", async () => {
    const ownerId = (await createUser(app, { isAdmin: true })).id;
    const [stay] = await app.db
      .insert(stays)
      .values({
        ownerId,
        name: 'Gallery Stay',
        type: 'Villa',
        city: 'goa',
        hotelImage: image('front'),
        roomImages: [image('front'), image('room1'), image('room2'), image('room3'), image('room4')],
      })
      .returning();
    if (!stay) throw new Error('stay not inserted');
    const res = await app.inject({ url: `/hotels/${stay.id}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const links = res.body.match(/<link rel="preload"[^>]*>/g) ?? [];
    // The hotel photo once, then the room photos: the gallery's order, up to the first screen's worth.
    expect(links).toHaveLength(GALLERY_FIRST_PHOTOS);
    expect(links[0]).toContain('href="/media/front-md.webp"');
    expect(links[0]).toContain(`imagesrcset="${imageSrcSet('front')}"`);
    expect(links[0]).toContain(`imagesizes="${GALLERY_SIZES}"`);
    expect(links[1]).toContain('href="/media/room1-md.webp"');
    expect(links[3]).toContain('href="/media/room3-md.webp"');
    // An unknown stay or a path that is no stay id: the page as it is.
    for (const url of ['/hotels/00000000-0000-4000-8000-000000000000', '/hotels/nope', '/login']) {
      const other = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('rel="preload"');
    }
  });
});

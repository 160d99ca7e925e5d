import { CHANNEL_MSG } from '@repo/shared/schemas/channels';
import { describe, expect, it } from 'vitest';
import { CHANNEL_SETTINGS } from '#src/config/config.ts';
import { build, loginAdmin, testEngine } from './helper.ts';
import { addRooms, createStay } from './stays-helpers.ts';

describe(`channels: a calendar address no read could fetch is refused as it is pasted (${testEngine})`, async () => {
  // The product's own rules: no CHANNEL_FEEDS_ALLOW_LOCAL.
  const app = await build({ channels: { ...CHANNEL_SETTINGS, allowLocal: false, pollMs: 0 } });
  const owner = await loginAdmin(app);
  const stay = await createStay(app, owner.headers, { name: 'Lake View Cottage', city: 'udaipur' });
  await addRooms(app, owner.headers, stay.id, { title: 'Deluxe', roomNumbers: [1], price: 3000 });
  const rooms = await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: owner.headers });
  const roomId = (rooms.json().rooms as { roomNumberId: string }[])[0]?.roomNumberId ?? '';

  const addFeed = (url: string) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/rooms/${roomId}/feeds`,
      headers: owner.headers,
      payload: { url, label: 'Airbnb' },
    });

  it.each([
    ['a loopback address', 'http://127.0.0.1/calendar.ics', 'the address is on a private or local network'],
    ['a private address', 'https://10.0.0.5/calendar.ics', 'the address is on a private or local network'],
    ['a link-local address', 'http://[fe80::1]/calendar.ics', 'the address is on a private or local network'],
    [
      'another port',
      'https://calendar.example.com:8443/ical/1.ics',
      'only the standard ports (80 for http, 443 for https) can be used',
    ],
  ])('refuses %s with a 400 on the url, the reason in words, and stores nothing', async (_what, url, why) => {
    const res = await addFeed(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ url: CHANNEL_MSG.urlRefused(why) });
    const channels = await app.inject({ url: `/api/admin/rooms/${roomId}/channels`, headers: owner.headers });
    expect(channels.statusCode).toBe(200);
    expect(channels.json().feeds).toEqual([]);
  });
});

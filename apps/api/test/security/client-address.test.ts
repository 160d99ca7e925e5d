import { randomBytes } from 'node:crypto';
import { newUser } from '@repo/shared/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS_SHARES, type Config, loadConfig, TEST_RATE_LIMITS } from '#src/config/config.ts';
import { bookings, roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';
import { day, guest } from '../bookings.fixtures.ts';
import { build, createUser, type TestApp, testEngine, uniqueEmail } from '../helper.ts';

// One form of a client address (ADR 046): an IPv6 /64 is one address, every spelling of an IPv4 address (mapped
// into IPv6, bracketed, with a port) is that address, and only the proxies TRUST_PROXY names are believed. Holds,
// registrations and rate limits all count by that one form.

/** The proxy in front of the app in these tests. */
const PROXY = '10.0.0.1';

/** A stay of its own city with `count` rooms: one address may hold 4 of them a night (ADR 024's least share). */
async function stayOfItsOwn(app: TestApp, count = 8) {
  const owner = await createUser(app, { isAdmin: true });
  const city = `addr${randomBytes(4).toString('hex')}`;
  const [stay] = await app.db
    .insert(stays)
    .values({ ownerId: owner.id, name: 'Address Inn', type: 'Hotel', city, lowestPrice: 2000 })
    .returning();
  if (!stay) throw new Error('stay not created');
  const [type] = await app.db
    .insert(roomTypes)
    .values({ stayId: stay.id, title: 'Standard', description: 'Twin beds', price: 2000, maxPeople: 2 })
    .returning();
  if (!type) throw new Error('room type not created');
  const rooms = await app.db
    .insert(roomNumbers)
    .values(Array.from({ length: count }, (_, i) => ({ roomTypeId: type.id, stayId: stay.id, number: 100 + i })))
    .returning();
  return { stayId: stay.id, rooms: rooms.sort((a, b) => a.number - b.number).map((r) => r.id) };
}

/**
 * Holds one room after another, each by a fresh account: from the socket address `remoteAddress`, with the
 * X-Forwarded-For header `forwardedFor` when given. Answers the statuses and the addresses the holds stored.
 */
async function holdOneEach(app: TestApp, sends: { remoteAddress: string; forwardedFor?: string }[]) {
  const s = await stayOfItsOwn(app);
  const statuses: number[] = [];
  const stored = new Set<string | null>();
  for (const [i, send] of sends.entries()) {
    const g = await guest(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...g.headers, ...(send.forwardedFor === undefined ? {} : { 'x-forwarded-for': send.forwardedFor }) },
      remoteAddress: send.remoteAddress,
      payload: { stayId: s.stayId, checkIn: day(30), checkOut: day(31), adults: 1, roomNumberIds: [s.rooms[i]] },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 201) {
      const [row] = await app.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
      stored.add(row?.holdIp ?? null);
    } else expect(res.json().code, res.body).toBe('ADDRESS_HOLD_LIMIT');
  }
  return { statuses, stored: [...stored] };
}

const FOUR_HELD_THEN_REFUSED = [201, 201, 201, 201, 409];

describe(`one form of a client address (${testEngine})`, async () => {
  const direct = await build({ addressShares: ADDRESS_SHARES });
  const proxied = await build({ trustProxy: 1, addressShares: ADDRESS_SHARES });

  it('the addresses of one IPv6 /64 share one hold share; the next /64 has its own', async () => {
    const neighbours = [
      '2001:db8:40:1::1',
      '2001:db8:40:1::2',
      '2001:db8:40:1:aaaa:bbbb:cccc:3',
      '2001:db8:40:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0040:0001::99',
    ];
    const held = await holdOneEach(
      direct,
      neighbours.map((remoteAddress) => ({ remoteAddress })),
    );
    expect(held.statuses).toEqual(FOUR_HELD_THEN_REFUSED);
    expect(held.stored).toEqual(['2001:db8:40:1::/64']);
    const next = await holdOneEach(direct, [{ remoteAddress: '2001:db8:40:2::1' }]);
    expect(next.statuses).toEqual([201]);
    expect(next.stored).toEqual(['2001:db8:40:2::/64']);
  });

  it('behind a proxy, the IPv4-mapped and bracketed forms of an address count as the IPv4 address', async () => {
    const spellings = [
      '198.51.100.9',
      '::ffff:198.51.100.9',
      '::ffff:c633:6409',
      '[::ffff:198.51.100.9]',
      '[::ffff:c633:6409]:443',
    ];
    const held = await holdOneEach(
      proxied,
      spellings.map((forwardedFor) => ({ remoteAddress: PROXY, forwardedFor })),
    );
    expect(held.statuses).toEqual(FOUR_HELD_THEN_REFUSED);
    expect(held.stored).toEqual(['198.51.100.9']);
  });

  it('without a proxy, a socket address in its IPv4-mapped form counts as the IPv4 address', async () => {
    const held = await holdOneEach(direct, [
      { remoteAddress: '198.51.100.20' },
      { remoteAddress: '::ffff:198.51.100.20' },
      { remoteAddress: '198.51.100.20' },
      { remoteAddress: '::ffff:c633:6414' },
      { remoteAddress: '198.51.100.20' },
    ]);
    expect(held.statuses).toEqual(FOUR_HELD_THEN_REFUSED);
    expect(held.stored).toEqual(['198.51.100.20']);
  });

  it('with TRUST_PROXY=1, entries a client adds to X-Forwarded-For gain nothing: the proxy-seen address counts', async () => {
    // The proxy appends the address it saw to whatever the client sent.
    const forged = ['203.0.113.1', '2001:db8:99::1, 203.0.113.2', '[::ffff:203.0.113.3]', 'unknown', '203.0.113.5, 10.9.9.9'];
    const held = await holdOneEach(
      proxied,
      forged.map((left) => ({ remoteAddress: PROXY, forwardedFor: `${left}, 198.51.100.40` })),
    );
    expect(held.statuses).toEqual(FOUR_HELD_THEN_REFUSED);
    expect(held.stored).toEqual(['198.51.100.40']);
  });

  it("with TRUST_PROXY as the proxy's address, a client that reaches the app directly can not name another address", async () => {
    const listed = await build({ trustProxy: [PROXY], addressShares: ADDRESS_SHARES });
    const fromClient = await holdOneEach(
      listed,
      ['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14', '203.0.113.15'].map((forwardedFor) => ({
        remoteAddress: '198.51.100.50',
        forwardedFor,
      })),
    );
    expect(fromClient.statuses).toEqual(FOUR_HELD_THEN_REFUSED);
    expect(fromClient.stored).toEqual(['198.51.100.50']);
    // Through the proxy, the address it saw counts.
    const through = await holdOneEach(listed, [{ remoteAddress: PROXY, forwardedFor: '203.0.113.16, 198.51.100.51' }]);
    expect(through.stored).toEqual(['198.51.100.51']);
  });

  it('registrations count every form of an address as one, and a /64 as one', async () => {
    const limited = await build({
      trustProxy: 1,
      rateLimits: { ...TEST_RATE_LIMITS, register: { max: 2, timeWindow: 3_600_000 } },
    });
    const register = (forwardedFor: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: newUser({ email: uniqueEmail('addr'), password: 'Travel@2024' }),
      });
    const statuses = [];
    for (const from of ['198.51.100.30', '::ffff:198.51.100.30', '[::ffff:198.51.100.30]', '[::ffff:c633:641e]:80'])
      statuses.push((await register(from)).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await register('198.51.100.31')).statusCode).toBe(201);
    const sixtyFour = [];
    for (const from of ['2001:db8:50:1::1', '[2001:db8:50:1::2]', '2001:db8:50:1:ffff::3'])
      sixtyFour.push((await register(from)).statusCode);
    expect(sixtyFour).toEqual([201, 201, 429]);
  });
});

describe('TRUST_PROXY', () => {
  const env = () => ({ DATA_DIR: `/tmp/staybook-config-${randomBytes(4).toString('hex')}` });
  const trustOf = (value: string): Config['trustProxy'] => loadConfig({ ...env(), TRUST_PROXY: value }).trustProxy;

  it('is a hop count or the proxies’ addresses and CIDR ranges', () => {
    expect(trustOf('1')).toBe(1);
    expect(trustOf('10.0.0.2, 172.18.0.0/16')).toEqual(['10.0.0.2', '172.18.0.0/16']);
    expect(trustOf('fd00::/8,loopback')).toEqual(['fd00::/8', 'loopback']);
  });

  it('a bad value stops start-up with a message naming the variable', () => {
    for (const bad of ['all', '10', '10.0.0.0/33', 'caddy', '10.0.0.1,,10.0.0.2'])
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY must be false, the number of proxies in front/);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_API_MSG } from './messages.ts';
import { type AddressPolicy, fetchCalendar, isPublicAddress } from './safe-fetch.ts';

const limits = { allowLocal: false, timeoutMs: 2000, maxBytes: 1024 * 1024 };
const refusal = async (url: string, policy?: AddressPolicy) => {
  try {
    await fetchCalendar(url, {}, limits, policy);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return 'fetched';
};

// A stand-in for a public site: this machine's loopback counts as public for these tests only, so the rules are
// tested on where it redirects to and what names resolve to.
const hosts: string[] = [];
const server = createServer((req, res) => {
  hosts.push(req.headers.host ?? '');
  const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
  if (to) res.writeHead(302, { location: to }).end();
  else res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise((resolve) => server.close(resolve)));
const loopbackIsPublic = (names: Record<string, string[]> = {}): AddressPolicy => ({
  resolve: async (host) => (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  isPublic: (a) => a === '127.0.0.1' || isPublicAddress(a),
  anyPort: true,
});

describe('safe fetching of calendars', () => {
  it('counts only public unicast addresses as public', () => {
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      'not-an-address',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses other schemes, non-standard ports and this machine or its networks', async () => {
    expect(await refusal('ftp://example.com/cal.ics')).toBe(CHANNEL_API_MSG.schemeRefused);
    expect(await refusal('file:///etc/passwd')).toBe(CHANNEL_API_MSG.schemeRefused);
    expect(await refusal('http://example.com:8080/cal.ics')).toBe(CHANNEL_API_MSG.portRefused);
    expect(await refusal(`http://127.0.0.1:${port}/cal.ics`)).toBe(CHANNEL_API_MSG.portRefused);
    expect(await refusal('http://127.0.0.1/cal.ics')).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal('http://localhost/cal.ics')).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal('http://[::1]/cal.ics')).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal('http://[::ffff:127.0.0.1]/cal.ics')).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal('http://169.254.169.254/latest/meta-data')).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal('https://10.0.0.8/cal.ics')).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal('http://0x7f000001/cal.ics')).toBe(CHANNEL_API_MSG.privateAddress);
    // A name with one private address among public ones is refused whichever would be picked.
    const mixed = loopbackIsPublic({ 'mixed.test': ['8.8.8.8', '10.0.0.1'] });
    expect(await refusal('http://mixed.test/cal.ics', mixed)).toBe(CHANNEL_API_MSG.privateAddress);
    expect(hosts).toEqual([]);
  });

  it('checks every redirect again and connects to the address it checked', async () => {
    const policy = loopbackIsPublic({ 'site.test': ['127.0.0.1'] });
    const via = (to: string) => `http://127.0.0.1:${port}/cal.ics?to=${encodeURIComponent(to)}`;
    expect(await refusal(via('http://10.0.0.5/cal.ics'), policy)).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal(via('http://[::1]/cal.ics'), policy)).toBe(CHANNEL_API_MSG.privateAddress);
    expect(await refusal(via('file:///etc/passwd'), policy)).toBe(CHANNEL_API_MSG.schemeRefused);
    expect(await refusal(via(via(via(via(`http://127.0.0.1:${port}/cal.ics`)))), policy)).toBe(CHANNEL_API_MSG.tooManyRedirects);
    // The name is resolved once and the socket goes to that address; the site still sees its own name.
    hosts.length = 0;
    expect(await refusal(`http://site.test:${port}/cal.ics`, policy)).toBe('fetched');
    expect(hosts).toEqual([`site.test:${port}`]);
  });
});

import { describe, expect, it } from 'vitest';
import { clientAddress, clientAddressOf, parseTrustProxy, trustProxyOption } from './client-address.ts';

describe('the one form of a client address (ADR 046)', () => {
  it('writes every spelling of an IPv4 address, mapped into IPv6 or bracketed, as the IPv4 address', () => {
    for (const spelling of [
      '198.51.100.9',
      ' 198.51.100.9 ',
      '198.51.100.9:443',
      '::ffff:198.51.100.9',
      '::FFFF:198.51.100.9',
      '::ffff:c633:6409',
      '0:0:0:0:0:ffff:c633:6409',
      '[::ffff:198.51.100.9]',
      '[::ffff:c633:6409]:8443',
    ])
      expect(clientAddress(spelling), spelling).toBe('198.51.100.9');
  });

  it('writes an IPv6 address as its /64 network, whatever the spelling', () => {
    for (const spelling of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:aaaa::7',
      '[2001:db8:1:2::1]',
      '[2001:db8:1:2::1]:443',
      '2001:db8:1:2::1%eth0',
    ])
      expect(clientAddress(spelling), spelling).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('has nothing for what is not an address', () => {
    for (const text of ['', 'unknown', 'example.com', '198.51.100.256', '[198.51.100.9', '2001:db8::g'])
      expect(clientAddress(text), text).toBeUndefined();
  });

  it("counts a request whose proxy passed on something that is not an address as the proxy's", () => {
    expect(clientAddressOf({ ip: 'garbage', socket: { remoteAddress: '::ffff:10.0.0.1' } })).toBe('10.0.0.1');
    expect(clientAddressOf({ ip: '[::ffff:203.0.113.4]', socket: { remoteAddress: '10.0.0.1' } })).toBe('203.0.113.4');
  });
});

describe('TRUST_PROXY', () => {
  it('is none, a hop count, or a list of proxy addresses and ranges', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(parseTrustProxy(' 10.0.0.2, 172.18.0.0/16 ,fd00::/8,loopback')).toEqual([
      '10.0.0.2',
      '172.18.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['all', '10', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.1,', 'caddy', '-1'])
      expect(parseTrustProxy(bad), bad).toBeUndefined();
  });

  it('a hop count trusts that many hops from the socket, never the next one', () => {
    const trust = trustProxyOption(2);
    if (typeof trust !== 'function') throw new Error('a hop count is a rule on the hop');
    expect([0, 1, 2, 3].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.2'])).toEqual(['10.0.0.2']);
  });
});

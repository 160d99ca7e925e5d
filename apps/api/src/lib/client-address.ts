import ipaddr from 'ipaddr.js';

/**
 * Who is in front of the app (TRUST_PROXY, ADR 046): nobody (false), a number of proxy hops, or the proxies' own
 * addresses and CIDR ranges (and proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for the loopback, link-local and unique-local ranges, allowed in a list of proxies. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one entry of a TRUST_PROXY list is a proxy's address, a CIDR range, or a named range. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  // An IPv4 address in its four decimals only: `10` is not taken for 0.0.0.10.
  const valid = ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address);
  if (rest.length > 0 || !valid) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128);
}

/**
 * TRUST_PROXY as written: `false`/`0`/`no`, `true`/`yes` (one hop), a hop count 1–9, or a comma-separated list of
 * the proxies' addresses and CIDR ranges. Undefined when it is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^[1-9]$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}

/**
 * Fastify's `trustProxy` for the setting. A number becomes a rule on the hop's position (Fastify's own number trusts
 * no hop at all): the socket's peer and the entries of X-Forwarded-For read from the right are proxies up to that
 * count, and the next one is the client. A list trusts exactly the hops whose address is in it, so a client that
 * reaches the app directly gains nothing by sending the header. Either way a client's own left part is ignored.
 */
export function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}

/** An address as a proxy may write it: bracketed (`[::1]`, `[::1]:443`) or an IPv4 address with a port. */
const BRACKETED = /^\[([^\]]+)\](?::\d+)?$/;
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/;

/**
 * The one form of a client address that registrations, holds and rate limits count by (ADR 046): an IPv4 address
 * as four decimals (an IPv4-mapped IPv6 address in any spelling is its IPv4 address), an IPv6 address as its /64
 * network (`2001:db8:1:2::/64`: one household or mobile device gets a whole /64). Undefined when `raw` is not an
 * address.
 */
export function clientAddress(raw: string): string | undefined {
  let text = raw.trim();
  const bracketed = BRACKETED.exec(text) ?? IPV4_WITH_PORT.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  if (!ipaddr.isValid(text)) return undefined;
  const address = ipaddr.process(text);
  if (!(address instanceof ipaddr.IPv6)) return address.toString();
  return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/** What a request's client address is read from: Fastify's `ip` (TRUST_PROXY applied) and the socket's peer. */
type Seen = { ip: string; socket: { remoteAddress?: string | undefined } };

/**
 * A request's client address in its one form. When the entry a trusted proxy passed on is not an address, the
 * request counts as that proxy's (the socket's peer), never as a fresh address.
 */
export function clientAddressOf(request: Seen): string {
  return clientAddress(request.ip) ?? clientAddress(request.socket.remoteAddress ?? '') ?? 'unknown';
}

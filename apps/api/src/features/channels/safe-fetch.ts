import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { CHANNEL_API_MSG } from './messages.ts';

/** A fetch of a feed that did not give a calendar: `words` is what the owner is shown. */
export class FeedFetchError extends Error {
  constructor(readonly words: string) {
    super(words);
  }
}

export type FetchLimits = { allowLocal: boolean; timeoutMs: number; maxBytes: number };
export type Conditional = { etag?: string | null; lastModified?: string | null };
export type Fetched =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

const MAX_REDIRECTS = 3;
const STANDARD_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether an address may be fetched: only public unicast addresses (an IPv4-mapped IPv6 address is judged as the
 * IPv4 one), never loopback, private, link-local, unique-local, multicast, unspecified, reserved or carrier-grade NAT.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

type Address = { address: string; family: number };

/**
 * What a fetch may reach: how names resolve, which addresses count as public, whether any port will do. The default
 * is the system's resolver and the rules above; `allowLocal` allows every address and port.
 */
export type AddressPolicy = {
  resolve: (host: string) => Promise<Address[]>;
  isPublic: (address: string) => boolean;
  anyPort: boolean;
};
export const systemPolicy = (allowLocal: boolean): AddressPolicy => ({
  resolve: (host) => lookup(host, { all: true, verbatim: true }),
  isPublic: allowLocal ? () => true : isPublicAddress,
  anyPort: allowLocal,
});

/** Resolves a host to the one address the request will connect to, refusing non-public ones. */
async function checkedAddress(hostname: string, policy: AddressPolicy): Promise<Address> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let found: Address[];
  try {
    found = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await policy.resolve(host);
  } catch {
    throw new FeedFetchError(CHANNEL_API_MSG.hostUnknown);
  }
  // Every address the name has must be public: otherwise the name is a way in, whichever one is picked.
  if (found.length === 0 || found.some((a) => !policy.isPublic(a.address)))
    throw new FeedFetchError(CHANNEL_API_MSG.privateAddress);
  const first = found[0];
  if (!first) throw new FeedFetchError(CHANNEL_API_MSG.hostUnknown);
  return first;
}

/** Checks a URL's scheme and port before anything is resolved. */
function checkedUrl(raw: string, anyPort: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError(CHANNEL_API_MSG.schemeRefused);
  }
  if (!(url.protocol in STANDARD_PORTS)) throw new FeedFetchError(CHANNEL_API_MSG.schemeRefused);
  if (!anyPort && url.port !== '' && url.port !== STANDARD_PORTS[url.protocol])
    throw new FeedFetchError(CHANNEL_API_MSG.portRefused);
  return url;
}

/**
 * Whether a calendar's address may be imported at all, by the rules every fetch of it applies (its scheme, its port,
 * every address its host has): the reason it never could be, in the owner's words, or null. A host that can not be
 * resolved now is not refused here: that may pass, and each read says so.
 */
export async function refusedAddress(raw: string, policy: AddressPolicy): Promise<string | null> {
  try {
    const url = checkedUrl(raw, policy.anyPort);
    await checkedAddress(url.hostname, policy);
    return null;
  } catch (err) {
    if (err instanceof FeedFetchError && err.words !== CHANNEL_API_MSG.hostUnknown) return err.words;
    return null;
  }
}

type Hop = { redirect: string } | Fetched;

/** One request to an address already checked: the socket connects to that address, whatever DNS says by then. */
function requestOnce(url: URL, pinned: Address, cond: Conditional, limits: FetchLimits, signal: AbortSignal) {
  return new Promise<Hop>((resolve, reject) => {
    const pinnedLookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const headers: Record<string, string> = {
      accept: 'text/calendar, text/plain;q=0.8, */*;q=0.1',
      'accept-encoding': 'identity',
      'user-agent': 'StayBook calendar sync',
    };
    if (cond.etag) headers['if-none-match'] = cond.etag;
    if (cond.lastModified) headers['if-modified-since'] = cond.lastModified;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: 'GET', headers, lookup: pinnedLookup, signal, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        res.resume();
        const location = res.headers.location;
        if (!location) return reject(new FeedFetchError(CHANNEL_API_MSG.siteAnswered(status)));
        return resolve({ redirect: new URL(location, url).toString() });
      }
      if (status === 304) {
        res.resume();
        return resolve({ status: 'not-modified' });
      }
      if (status !== 200) {
        res.resume();
        return reject(new FeedFetchError(CHANNEL_API_MSG.siteAnswered(status)));
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        res.destroy();
        return reject(new FeedFetchError(CHANNEL_API_MSG.tooLarge(limits.maxBytes)));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          res.destroy();
          reject(new FeedFetchError(CHANNEL_API_MSG.tooLarge(limits.maxBytes)));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err) => reject(err));
      res.on('end', () =>
        resolve({
          status: 'ok',
          body: Buffer.concat(chunks).toString('utf8'),
          etag: typeof res.headers.etag === 'string' ? res.headers.etag : null,
          lastModified: res.headers['last-modified'] ?? null,
        }),
      );
    });
    req.on('error', (err) => reject(err));
    req.end();
  });
}

/**
 * Fetches a calendar safely (ADR 035): http(s) on the standard ports only, every hop's host resolved and checked
 * (no loopback or private address), the connection made to the checked address (a name that resolves differently
 * the second time gains nothing), at most 3 redirects each checked again, `timeoutMs` for the whole fetch and
 * `maxBytes` for the answer. `allowLocal` (tests) lifts the address and port rules, never the others; `policy`
 * replaces them (tests of the rules themselves).
 */
export async function fetchCalendar(
  raw: string,
  cond: Conditional,
  limits: FetchLimits,
  policy: AddressPolicy = systemPolicy(limits.allowLocal),
): Promise<Fetched> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    let next = raw;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const url = checkedUrl(next, policy.anyPort);
      const pinned = await checkedAddress(url.hostname, policy);
      if (controller.signal.aborted) throw new FeedFetchError(CHANNEL_API_MSG.tookTooLong(limits.timeoutMs));
      // A redirect may lead to another host: its conditions belong to the first one only.
      const answer = await requestOnce(url, pinned, hop === 0 ? cond : {}, limits, controller.signal);
      if (!('redirect' in answer)) return answer;
      next = answer.redirect;
    }
    throw new FeedFetchError(CHANNEL_API_MSG.tooManyRedirects);
  } catch (err) {
    if (err instanceof FeedFetchError) throw err;
    if (controller.signal.aborted) throw new FeedFetchError(CHANNEL_API_MSG.tookTooLong(limits.timeoutMs));
    const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : 'error';
    throw new FeedFetchError(CHANNEL_API_MSG.unreachable(code));
  } finally {
    clearTimeout(timer);
  }
}

import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const listening = (maxAgeMs = 1000) => {
  const cache = new SessionCache<string>({ maxAgeMs, maxEntries: 3 });
  cache.setListening(true);
  return cache;
};

describe('SessionCache', () => {
  it('keeps nothing while changes are not heard, and forgets everything when they stop being heard', () => {
    const cache = new SessionCache<string>({ maxAgeMs: 1000 });
    cache.set('t', 'u', 'user', Number.POSITIVE_INFINITY, cache.generation, 0);
    expect(cache.get('t', 1)).toBeUndefined();
    cache.setListening(true);
    cache.set('t', 'u', 'user', Number.POSITIVE_INFINITY, cache.generation, 0);
    expect(cache.get('t', 1)).toBe('user');
    cache.setListening(false);
    expect(cache.get('t', 1)).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('t', 1)).toBeUndefined();
  });

  it('keeps an entry for its age at most, and never past the session or token expiry', () => {
    const cache = listening(1000);
    cache.set('a', 'u', 'A', Number.POSITIVE_INFINITY, cache.generation, 0);
    cache.set('b', 'u', 'B', 500, cache.generation, 0);
    expect(cache.get('a', 999)).toBe('A');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('b', 499)).toBe('B');
    expect(cache.get('b', 500)).toBeUndefined();
  });

  it("forgets a user's entries and no others", () => {
    const cache = listening();
    cache.set('a1', 'u1', 'A1', Number.POSITIVE_INFINITY, cache.generation, 0);
    cache.set('a2', 'u1', 'A2', Number.POSITIVE_INFINITY, cache.generation, 0);
    cache.set('b', 'u2', 'B', Number.POSITIVE_INFINITY, cache.generation, 0);
    cache.forgetUser('u1');
    expect([cache.get('a1', 1), cache.get('a2', 1), cache.get('b', 1)]).toEqual([undefined, undefined, 'B']);
  });

  it('does not store what a lookup read before a change was heard', () => {
    const cache = listening();
    const before = cache.generation;
    cache.forgetUser('u');
    cache.set('t', 'u', 'stale', Number.POSITIVE_INFINITY, before, 0);
    expect(cache.get('t', 1)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = listening();
    for (const t of ['a', 'b', 'c', 'd']) cache.set(t, t, t, Number.POSITIVE_INFINITY, cache.generation, 0);
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBe('d');
  });

  it('is off with an age of 0', () => {
    const cache = listening(0);
    cache.set('t', 'u', 'user', Number.POSITIVE_INFINITY, cache.generation, 0);
    expect(cache.get('t', 0)).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('AnswerCache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads every time when turned off', async () => {
    const cache = new AnswerCache<{ n: number }>({ ttlMs: 0 });
    let n = 0;
    expect(await cache.get('k', async () => ({ n: ++n }))).toEqual({ n: 1 });
    expect(await cache.get('k', async () => ({ n: ++n }))).toEqual({ n: 2 });
  });

  it('keeps one frozen answer, the same object for every caller (the serializer writes it once)', async () => {
    const cache = new AnswerCache<{ n: number }>({ ttlMs: 1000 });
    const first = await cache.get('k', async () => ({ n: 1 }));
    expect(Object.isFrozen(first)).toBe(true);
    expect(await cache.get('k', async () => ({ n: 2 }))).toBe(first);
  });

  it('serves a fresh answer, then a stale one while refreshing, and reloads past the maximum age', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'performance'] });
    const cache = new AnswerCache<{ n: number }>({ ttlMs: 1000, staleMs: 4000 });
    let n = 0;
    const load = async () => ({ n: ++n });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    vi.setSystemTime(1_000_500);
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    vi.setSystemTime(1_001_500);
    expect(await cache.get('k', load)).toEqual({ n: 1 }); // stale: a refresh starts behind
    await settle();
    expect(await cache.get('k', load)).toEqual({ n: 2 });
    vi.setSystemTime(1_010_000);
    expect(await cache.get('k', load)).toEqual({ n: 3 });
  });

  it('shares one load between simultaneous misses', async () => {
    const cache = new AnswerCache<{ n: number }>({ ttlMs: 10_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await settle();
      return { n: loads };
    };
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(answers).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(loads).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = new AnswerCache<{ n: number }>({ ttlMs: 10_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => ({ n: 7 }))).toEqual({ n: 7 });
  });

  it('does not keep what a load read before the answer was forgotten, and still answers its caller', async () => {
    const cache = new AnswerCache<{ v: string }>({ ttlMs: 10_000 });
    let release: () => void = () => {};
    let calls = 0;
    const load = () =>
      ++calls === 1
        ? new Promise<{ v: string }>((resolve) => (release = () => resolve({ v: 'old' })))
        : Promise.resolve({ v: 'read again' });
    const slow = cache.get('k', load);
    await settle();
    cache.forget('k');
    release();
    expect(await slow).toEqual({ v: 'read again' });
    expect(cache.has('k')).toBe(false);
    expect(await cache.get('k', async () => ({ v: 'new' }))).toEqual({ v: 'new' });
  });

  it('forgets the answers filed under a tag and no others; an answer under two tags goes with either', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 10_000 });
    await cache.get('pune|1', async () => 'a', ['pune']);
    await cache.get('pune,punalur|2', async () => 'b', ['pune', 'punalur']);
    await cache.get('goa|1', async () => 'c', ['goa']);
    await cache.get('punalur|1', async () => 'd', ['punalur']);
    await cache.get('plain', async () => 'e');
    cache.forget('pune');
    expect(cache.has('pune|1')).toBe(false);
    expect(cache.has('pune,punalur|2')).toBe(false);
    expect(cache.has('goa|1')).toBe(true);
    expect(cache.has('punalur|1')).toBe(true);
    // Filed under its key when no tags are given.
    cache.forget('plain');
    expect(cache.has('plain')).toBe(false);
    expect(cache.has('goa|1')).toBe(true);
    expect(cache.filed).toBe(2);
  });

  it('drops the tags of answers that are evicted or fail to load: what is filed never outgrows the cache', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'performance'] });
    const cache = new AnswerCache<string>({ ttlMs: 1000, max: 3 });
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => 'v', ['city']);
    expect(cache.size).toBe(3);
    expect(cache.filed).toBe(3);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')), ['city'])).rejects.toThrow('down');
    expect(cache.has('bad')).toBe(false);
    expect(cache.filed).toBe(cache.size);
    // Expired answers are replaced as they are asked for again or pushed out by new ones.
    vi.setSystemTime(1_002_000);
    for (let i = 0; i < 10; i++) await cache.get(`n${i}`, async () => 'v', [`t${i}`]);
    expect(cache.filed).toBe(3);
    cache.forget('city');
    expect(cache.has('n9')).toBe(true);
  });
});

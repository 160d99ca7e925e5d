import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './search.cache.ts';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads every time when turned off', async () => {
    const cache = new TtlCache<number>(0);
    let n = 0;
    expect(await cache.get('k', async () => ++n)).toBe(1);
    expect(await cache.get('k', async () => ++n)).toBe(2);
  });

  it('serves a fresh answer, then a stale one while refreshing, and reloads past the maximum age', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new TtlCache<number>(1000, 5000);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(500);
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(1500);
    expect(await cache.get('k', load)).toBe(1); // stale, a refresh starts behind
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', load)).toBe(2);
    vi.setSystemTime(10_000);
    expect(await cache.get('k', load)).toBe(3);
  });

  it('does not keep failures', async () => {
    const cache = new TtlCache<number>(10_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});

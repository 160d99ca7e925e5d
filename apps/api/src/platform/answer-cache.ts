import { LRUCache } from 'lru-cache';

type Entry<V> = { value: V; at: number };

export type AnswerCacheOptions = {
  /** How long an answer is fresh; 0 turns the cache off (every get loads). */
  ttlMs: number;
  /** How much longer a stale answer may still be served while one background load replaces it. */
  staleMs?: number;
  /** Answers kept at most (the least recently used go first). */
  max?: number;
  /** Background refreshes running at once, at most (past that, stale answers are served until they are too old). */
  maxRefreshes?: number;
};

/**
 * Answers kept for a short time per API process, on lru-cache: fresh for `ttlMs`, then served for up to `staleMs`
 * more while one background load replaces them (stale-while-revalidate); concurrent misses of one key share one
 * load, and a failed load is not kept. Whoever keeps answers must `forget` them when what they answer changes:
 * forgetting a key while its load runs discards that load's result. Kept answers are frozen (shallowly).
 */
export class AnswerCache<V extends object | string> {
  readonly #lru: LRUCache<string, Entry<V>, () => Promise<V>> | undefined;
  readonly #ttlMs: number;
  readonly #maxAgeMs: number;
  readonly #maxRefreshes: number;
  /** Keys being loaded (lru-cache does not list them among its keys), so that `forget` reaches them too. */
  readonly #loading = new Set<string>();
  #refreshes = 0;

  constructor({ ttlMs, staleMs = 0, max = 5000, maxRefreshes = 4 }: AnswerCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxAgeMs = ttlMs + staleMs;
    this.#maxRefreshes = maxRefreshes;
    this.#lru =
      ttlMs > 0
        ? new LRUCache<string, Entry<V>, () => Promise<V>>({
            max,
            ttl: this.#maxAgeMs,
            fetchMethod: async (key, _stale, { context }) => {
              this.#loading.add(key);
              try {
                // Frozen: one answer is shared by every request it serves (and serialized once, see app.ts).
                return { value: Object.freeze(await context()) as V, at: Date.now() };
              } finally {
                this.#loading.delete(key);
              }
            },
          })
        : undefined;
  }

  /** The answer for `key`: fresh, or stale within the maximum age (refreshed behind), or what `load` gives now. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const lru = this.#lru;
    if (!lru) return load();
    const hit = lru.get(key, { allowStale: true, noDeleteOnStaleGet: true });
    const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age < this.#ttlMs) return hit.value;
    if (hit && age < this.#maxAgeMs) {
      if (this.#refreshes < this.#maxRefreshes) {
        this.#refreshes += 1;
        lru
          .fetch(key, { forceRefresh: true, context: load })
          .catch(() => undefined)
          .finally(() => {
            this.#refreshes -= 1;
          });
      }
      return hit.value;
    }
    try {
      const entry = await lru.fetch(key, { context: load, forceRefresh: hit !== undefined });
      if (entry) return entry.value;
    } catch (err) {
      // Forgotten while it loaded: this caller still gets an answer, read now.
      if (!isAbandoned(err)) throw err;
    }
    return load();
  }

  /** Whether `get(key)` would answer without waiting for a load (fresh, or stale within the maximum age). */
  has(key: string): boolean {
    const hit = this.#lru?.get(key, { allowStale: true, noDeleteOnStaleGet: true });
    return hit !== undefined && Date.now() - hit.at < this.#maxAgeMs;
  }

  /** Forgets the answers whose key matches (what they answered has changed). */
  forget(matches: (key: string) => boolean) {
    const lru = this.#lru;
    if (!lru) return;
    for (const key of [...lru.keys(), ...this.#loading]) if (matches(key)) lru.delete(key);
  }

  clear() {
    this.#lru?.clear();
  }

  get size(): number {
    return this.#lru?.size ?? 0;
  }
}

/** lru-cache rejects a load whose key was deleted, evicted or set meanwhile with one of these errors. */
const isAbandoned = (err: unknown) => err instanceof Error && /^(deleted|evicted|replaced)$/.test(err.message);

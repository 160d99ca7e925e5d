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
 * load, and a failed load is not kept. Each answer is filed under tags (its key unless others are given); whoever
 * keeps answers must `forget` a tag when what its answers say changes, which drops them at the cost of their number,
 * not of the cache's size. Forgetting an answer while its load runs discards that load's result. Kept answers are
 * frozen (shallowly).
 */
export class AnswerCache<V extends object | string> {
  readonly #lru: LRUCache<string, Entry<V>, () => Promise<V>> | undefined;
  readonly #ttlMs: number;
  readonly #maxAgeMs: number;
  readonly #maxRefreshes: number;
  /** Keys being loaded: their tags stay filed while they load, though lru-cache has no answer for them yet. */
  readonly #loading = new Set<string>();
  /** The keys filed under each tag, and the tags of each key filed. */
  readonly #keysOf = new Map<string, Set<string>>();
  readonly #tagsOf = new Map<string, readonly string[]>();
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
            // An answer replaced by its refresh keeps its tags; one that is gone for any other reason drops them.
            disposeAfter: (_value, key, reason) => {
              if (reason !== 'set') this.#unfileIfGone(key);
            },
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

  /**
   * The answer for `key`: fresh, or stale within the maximum age (refreshed behind), or what `load` gives now.
   * A new answer is filed under `tags` (a given key always gets the same tags).
   */
  async get(key: string, load: () => Promise<V>, tags: readonly string[] = [key]): Promise<V> {
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
            this.#unfileIfGone(key);
          });
      }
      return hit.value;
    }
    this.#file(key, tags);
    try {
      const entry = await lru.fetch(key, { context: load, forceRefresh: hit !== undefined });
      if (entry) return entry.value;
    } catch (err) {
      // Forgotten while it loaded: this caller still gets an answer, read now.
      if (!isAbandoned(err)) {
        this.#unfileIfGone(key);
        throw err;
      }
    }
    this.#unfileIfGone(key);
    return load();
  }

  /** Whether `get(key)` would answer without waiting for a load (fresh, or stale within the maximum age). */
  has(key: string): boolean {
    const hit = this.#lru?.get(key, { allowStale: true, noDeleteOnStaleGet: true });
    return hit !== undefined && Date.now() - hit.at < this.#maxAgeMs;
  }

  /** Forgets the answers filed under `tag` (what they answered has changed), those being loaded included. */
  forget(tag: string) {
    const keys = this.#keysOf.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      this.#lru?.delete(key);
      this.#unfile(key);
    }
  }

  #file(key: string, tags: readonly string[]) {
    if (this.#tagsOf.has(key)) return;
    this.#tagsOf.set(key, tags);
    for (const tag of tags) {
      let keys = this.#keysOf.get(tag);
      if (!keys) {
        keys = new Set();
        this.#keysOf.set(tag, keys);
      }
      keys.add(key);
    }
  }

  #unfile(key: string) {
    const tags = this.#tagsOf.get(key);
    if (!tags) return;
    this.#tagsOf.delete(key);
    for (const tag of tags) {
      const keys = this.#keysOf.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysOf.delete(tag);
    }
  }

  /** Drops a key's tags once it has neither an answer nor a load (evicted, expired, deleted, or its load failed). */
  #unfileIfGone(key: string) {
    if (this.#loading.has(key) || this.#lru?.peek(key, { allowStale: true }) !== undefined) return;
    this.#unfile(key);
  }

  /** How many keys are filed under tags (kept or loading): for tests. */
  get filed(): number {
    return this.#tagsOf.size;
  }

  clear() {
    this.#lru?.clear();
    this.#keysOf.clear();
    this.#tagsOf.clear();
  }

  get size(): number {
    return this.#lru?.size ?? 0;
  }
}

/** lru-cache rejects a load whose key was deleted, evicted or set meanwhile with one of these errors. */
const isAbandoned = (err: unknown) => err instanceof Error && /^(deleted|evicted|replaced)$/.test(err.message);

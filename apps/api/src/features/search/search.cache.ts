/**
 * A small time-bounded memo of answers, per API process. A search answer is fresh for `ttlMs`
 * (config.searchCacheMs); after that it may still be served for up to `maxAgeMs` while one background refresh
 * replaces it (stale-while-revalidate), so popular searches never wait for the availability query.
 * A booking never relies on it — it takes each room-night under the room_nights primary key — so a room taken in
 * those seconds is refused at booking time with a 409, never double-booked.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; refreshing: boolean }>();
  private refreshes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxAgeMs = ttlMs * 5,
    private readonly maxEntries = 5000,
    /** Background refreshes running at once, at most (the rest keep serving their answer until maxAgeMs). */
    private readonly maxRefreshes = 4,
  ) {}

  /** The answer for `key`: fresh, or stale within maxAgeMs (refreshed behind), or what `load` gives now. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < this.ttlMs) return hit.value;
      if (age < this.maxAgeMs) {
        if (!hit.refreshing && this.refreshes < this.maxRefreshes) this.refresh(key, hit, load);
        return hit.value;
      }
      this.entries.delete(key);
    }
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const value = load();
    this.store(key, value, now);
    return value;
  }

  /** Whether `get(key)` would answer without waiting for a new load (fresh, or stale within maxAgeMs). */
  has(key: string): boolean {
    const hit = this.entries.get(key);
    return this.ttlMs > 0 && hit !== undefined && Date.now() - hit.at < this.maxAgeMs;
  }

  clear() {
    this.entries.clear();
  }

  /** Forgets the answers whose key starts with `prefix` (what they answered has changed). */
  forget(prefix: string) {
    this.forgetWhere((key) => key.startsWith(prefix));
  }

  /** Forgets the answers whose key matches. */
  forgetWhere(matches: (key: string) => boolean) {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }

  private store(key: string, value: Promise<T>, at: number) {
    this.entries.set(key, { at, value, refreshing: false });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
  }

  private refresh(key: string, entry: { at: number; value: Promise<T>; refreshing: boolean }, load: () => Promise<T>) {
    entry.refreshing = true;
    this.refreshes += 1;
    const started = Date.now();
    load()
      .then((value) => {
        // Forgotten meanwhile: this answer may predate the change.
        if (this.entries.get(key) === entry) this.store(key, Promise.resolve(value), started);
      })
      .catch(() => {
        entry.refreshing = false;
      })
      .finally(() => {
        this.refreshes -= 1;
      });
  }

  private evict(now: number) {
    for (const [k, e] of this.entries) if (now - e.at >= this.maxAgeMs) this.entries.delete(k);
    // Still full: drop the oldest half (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) {
      let n = Math.ceil(this.maxEntries / 2);
      for (const k of this.entries.keys()) {
        if (n-- <= 0) break;
        this.entries.delete(k);
      }
    }
  }
}

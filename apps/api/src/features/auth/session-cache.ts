import { LRUCache } from 'lru-cache';

/**
 * The sessions an API process has checked, kept for a short time so that a signed-in guest's every request does
 * not verify the token and read the session again (docs/decisions/005-session-cache.md).
 *
 * Correctness rests on being told of every change: the process that logs out, resets a password or edits a user
 * forgets that user's entries itself, and every process forgets them when the database says a user or one of
 * their sessions changed (the `staybook_auth` LISTEN channel, fed by triggers). While that channel is not
 * listening the cache keeps nothing, so a process never trusts what it could not hear about.
 */
export type CachedSession<U> = { user: U; userId: string; until: number };

export class SessionCache<U> {
  readonly #entries: LRUCache<string, CachedSession<U>>;
  /** Each user's tokens kept, so that forgetting a user costs their entries, not the whole cache. */
  readonly #tokensOf = new Map<string, Set<string>>();
  readonly #maxAgeMs: number;
  #listening = false;
  /** Bumped by every forget: a lookup that started before one must not store what it read. */
  #generation = 0;

  constructor(opts: { maxAgeMs: number; maxEntries?: number }) {
    this.#maxAgeMs = opts.maxAgeMs;
    this.#entries = new LRUCache({
      max: opts.maxEntries ?? 50_000,
      disposeAfter: (entry, token, reason) => {
        if (reason === 'set') return; // the same token kept again, for the same user
        const tokens = this.#tokensOf.get(entry.userId);
        tokens?.delete(token);
        if (tokens?.size === 0) this.#tokensOf.delete(entry.userId);
      },
    });
  }

  get enabled(): boolean {
    return this.#listening && this.#maxAgeMs > 0;
  }

  get generation(): number {
    return this.#generation;
  }

  /** The user of a token checked before, while its entry is fresh. */
  get(token: string, now = Date.now()): U | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now || !this.enabled) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Keeps a checked token until `expiresAt` (the token's or the session's end) or for the cache's age, whichever
   * comes first; not when a forget happened since the lookup began (`generation` read before it).
   */
  set(token: string, userId: string, user: U, expiresAt: number, generation: number, now = Date.now()): void {
    if (!this.enabled || generation !== this.#generation) return;
    this.#entries.set(token, { user, userId, until: Math.min(expiresAt, now + this.#maxAgeMs) });
    let tokens = this.#tokensOf.get(userId);
    if (!tokens) {
      tokens = new Set();
      this.#tokensOf.set(userId, tokens);
    }
    tokens.add(token);
  }

  /** Forgets every entry of a user (their sessions or details changed). */
  forgetUser(userId: string): void {
    this.#generation += 1;
    for (const token of [...(this.#tokensOf.get(userId) ?? [])]) this.#entries.delete(token);
  }

  /** Whether changes are being heard; not listening forgets everything and keeps nothing. */
  setListening(listening: boolean): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#listening = listening;
  }

  get size(): number {
    return this.#entries.size;
  }
}

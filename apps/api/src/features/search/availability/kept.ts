import type { Queryable } from '#src/db/client.ts';
import { type AvailabilityFilter, cityRanks, type IndexStayRow, indexStays } from '../search.repository.ts';
import { City, DAY_MS, dayOf } from './columns.ts';
import { compact } from './compact.ts';
import type { Seen } from './nights.ts';
import { answer, type IndexAnswer } from './query.ts';
import { readStays } from './read.ts';

/** Changed stays a search waits to have read again (some tens of ms); more, and the statement answers meanwhile. */
const WAIT_FOR_AT_MOST = 200;

/** Stays read per statement while a city loads (some 200 nights each at a busy site): what is read at once stays small. */
const LOAD_CHUNK = 100;

/** What the kept availability of all cities may take, by default (SEARCH_INDEX_MB). */
export const SEARCH_INDEX_BYTES = 128 * 1024 * 1024;
/** A city not searched for this long is forgotten (read again on its next search). */
const IDLE_MS = 30 * 60_000;

export type SearchIndexOptions = {
  now?: () => number;
  /** Changed stays a search waits to have read again; more, and the statement answers meanwhile. */
  waitForAtMost?: number;
  /** What the kept cities may take together (the least recently searched are forgotten first). */
  maxBytes?: number;
  /** A city not searched for this long is forgotten. */
  idleMs?: number;
};

export class SearchIndex {
  private cities = new Map<string, City>();
  private cityOfStay = new Map<string, string>();
  /** Cities too large to keep within maxBytes, and when that was found: the statement answers them meanwhile. */
  private tooLarge = new Map<string, number>();
  private listening = false;
  private seen: Seen = { pairs: new Int32Array(1024), stamp: 0 };
  private lastSweep = 0;
  private readonly now: () => number;
  private readonly waitForAtMost: number;
  private readonly maxBytes: number;
  private readonly idleMs: number;

  constructor(
    private readonly db: Queryable,
    options: SearchIndexOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.waitForAtMost = options.waitForAtMost ?? WAIT_FOR_AT_MOST;
    this.maxBytes = options.maxBytes ?? SEARCH_INDEX_BYTES;
    this.idleMs = options.idleMs ?? IDLE_MS;
  }

  /** Whether changes are heard: nothing is kept while they are not (searches go to the database). */
  setListening(listening: boolean) {
    this.listening = listening;
    this.cities.clear();
    this.cityOfStay.clear();
  }

  /** The cities kept (ready or loading), and what they take together, about: for tests and the bench. */
  get kept(): { cities: string[]; bytes: number } {
    let bytes = 0;
    for (const c of this.cities.values()) bytes += c.bytes();
    return { cities: [...this.cities.keys()], bytes };
  }

  /** A stay (now in `city`) or its rooms or nights changed: read it again before the next search of its city. */
  stayChanged(stayId: string, city: string) {
    const before = this.cityOfStay.get(stayId);
    if (before !== undefined) this.cities.get(before)?.dirty.add(stayId);
    if (before !== city) this.cities.get(city)?.dirty.add(stayId);
  }

  /** Starts reading a city (resolves when it is ready, or is not kept). */
  load(city: string): Promise<void> {
    if (!this.listening || this.cities.has(city)) return Promise.resolve();
    const tooLargeAt = this.tooLarge.get(city);
    if (tooLargeAt !== undefined && this.now() - tooLargeAt < this.idleMs) return Promise.resolve();
    const index = new City();
    index.lastUsed = this.now();
    this.cities.set(city, index);
    return this.fill(city, index).catch(() => {
      if (this.cities.get(city) === index) this.forget(city);
    });
  }

  /**
   * A search answered from the kept availability, or null when the database must answer it: changes are not heard,
   * the city is not kept yet (it starts loading) or is too large to keep, the search spans several cities (their
   * names' order is the database's), or it starts before the first night kept.
   */
  async search(f: AvailabilityFilter): Promise<IndexAnswer | null> {
    if (!this.listening || f.cities.length !== 1) return null;
    const city = f.cities[0];
    if (city === undefined) return null;
    const now = this.now();
    if (now - this.lastSweep > Math.min(60_000, this.idleMs / 4)) this.sweep(now);
    let index = this.cities.get(city);
    if (!index) {
      void this.load(city);
      return null;
    }
    index.lastUsed = now;
    if (!index.ready || dayOf(f.checkIn) < index.fromDay) return null;
    while (index.dirty.size > 0 || index.refreshing) {
      if (!index.refreshing) {
        const reading = index;
        reading.busy = reading.dirty.size > this.waitForAtMost;
        reading.refreshing = this.refresh(city, reading)
          .catch(() => undefined)
          .finally(() => (reading.refreshing = null));
      }
      // Many changed stays (a burst of bookings) take a while to read: the statement answers meanwhile.
      if (index.busy) return null;
      await index.refreshing;
      // Not read (the city is then read anew on a later search), or built anew: the one now kept answers.
      const current = this.cities.get(city);
      if (!current?.ready) return null;
      index = current;
    }
    return answer(index, f, now, this.seen);
  }

  /** Forgets a city (its stays are no longer heard of). */
  private forget(city: string) {
    const index = this.cities.get(city);
    if (!index) return;
    this.cities.delete(city);
    for (const id of index.slotOf.keys()) if (this.cityOfStay.get(id) === city) this.cityOfStay.delete(id);
  }

  /** Forgets the cities not searched for idleMs. */
  private sweep(now: number) {
    this.lastSweep = now;
    for (const [city, index] of this.cities) if (now - index.lastUsed > this.idleMs) this.forget(city);
  }

  /**
   * Keeps what the cities take within maxBytes: the least recently searched others are forgotten first; a city too
   * large alone is forgotten and not read again for idleMs (the statement answers it).
   */
  private trim(city: string) {
    const own = this.cities.get(city);
    if (!own) return;
    let total = 0;
    const sizes = new Map<string, number>();
    for (const [c, index] of this.cities) {
      const b = index.bytes();
      sizes.set(c, b);
      total += b;
    }
    if ((sizes.get(city) ?? 0) > this.maxBytes) {
      this.forget(city);
      this.tooLarge.set(city, this.now());
      return;
    }
    const others = [...this.cities].filter(([c]) => c !== city).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [c] of others) {
      if (total <= this.maxBytes) break;
      total -= sizes.get(c) ?? 0;
      this.forget(c);
    }
  }

  private async fill(city: string, index: City) {
    index.fromDay = dayOf(new Date(this.now() - 2 * DAY_MS).toISOString().slice(0, 10));
    const rows = await indexStays(this.db, { city });
    for (let i = 0; i < rows.length; i += LOAD_CHUNK) {
      if (this.cities.get(city) !== index) return;
      await this.read(city, index, rows.slice(i, i + LOAD_CHUNK));
      // A city larger than all the kept availability may take is not kept: found as it is read.
      if (index.bytes() > this.maxBytes) {
        this.trim(city);
        return;
      }
    }
    if (this.cities.get(city) !== index) return;
    this.rebuild(city, index);
  }

  /** Replaces the city by its build from its live slots (ready, with what is still to read), then trims. */
  private rebuild(city: string, index: City) {
    const built = compact(index);
    built.ready = true;
    built.lastUsed = index.lastUsed;
    built.dirty = index.dirty;
    this.cities.set(city, built);
    this.trim(city);
  }

  /** Reads the stays reported changed again (and the order of names when a name, or the city's stays, changed). */
  private async refresh(city: string, index: City) {
    const ids = [...index.dirty];
    index.dirty.clear();
    try {
      const rows = await indexStays(this.db, { city, ids });
      let reorder = rows.length !== ids.length;
      for (const r of rows) {
        const slot = index.slotOf.get(r.id);
        if (slot === undefined || index.rows[slot]?.name !== r.name) reorder = true;
      }
      for (const id of ids) {
        const slot = index.slotOf.get(id);
        if (slot !== undefined) index.kill(slot);
        index.slotOf.delete(id);
        if (this.cityOfStay.get(id) === city) this.cityOfStay.delete(id);
      }
      await this.read(city, index, rows);
      if (reorder) {
        const ranks = await cityRanks(this.db, city);
        for (const r of ranks) {
          const slot = index.slotOf.get(r.id);
          if (slot !== undefined) index.rank[slot] = Number(r.rank);
        }
      }
      if (this.cities.get(city) !== index) return;
      // Built anew once a twentieth of the city is dead or counted apart (a few ms for thousands of stays).
      if ((index.dead + index.own.size) * 20 > index.slotOf.size + 50) this.rebuild(city, index);
    } catch (err) {
      // Not read: the city is read anew on its next search.
      if (this.cities.get(city) === index) this.forget(city);
      throw err;
    }
  }

  /** Reads `rows`' room types, seasons and nights into the city's index. */
  private async read(city: string, index: City, rows: IndexStayRow[]) {
    await readStays(this.db, index, rows, (id) => {
      this.cityOfStay.set(id, city);
      const pairs = index.pairCount[index.slots - 1] ?? 0;
      if (pairs > this.seen.pairs.length) this.seen.pairs = new Int32Array(pairs * 2);
    });
  }
}

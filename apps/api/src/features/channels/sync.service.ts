import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { releaseExpiredHolds } from '#src/features/bookings/index.ts';
import type { Deps } from '#src/platform/deps.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import { CalendarRefusedError, type EventNights, NotACalendarError } from './calendar.ts';
import { CalendarReader } from './calendar-reader.ts';
import * as repo from './channels.repository.ts';
import { ChannelConflictMail } from './events.ts';
import { CHANNEL_API_MSG } from './messages.ts';
import { FeedFetchError, fetchCalendar } from './safe-fetch.ts';

export type SyncDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'outbox' | 'log'>;

/** How far ahead imported events block nights (two years: what the sites export). */
const HORIZON_DAYS = 730;
/** The longest wait after failures in a row (the interval doubles with each one up to this). */
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** How long a claimed feed stays claimed if its process stops mid-fetch. */
const LEASE_MS = 5 * 60_000;

const noteOf = (label: string) => `From ${label}`.slice(0, 200);
/** The later and the earlier of two dates written yyyy-MM-dd. */
const later = (a: string, b: string) => [a, b].sort()[1] ?? a;
const earlier = (a: string, b: string) => [a, b].sort()[0] ?? a;

/** The process's calendar readers, one per reading budget (one in production). */
const readers = new Map<number, CalendarReader>();
const readerFor = (readMs: number) => {
  const reader = readers.get(readMs) ?? new CalendarReader(readMs);
  readers.set(readMs, reader);
  return reader;
};

/** When a feed is due again: the interval after a success, doubled per failure in a row after a failure (≤ 6 h). */
export function nextFetch(now: Date, everyMinutes: number, failures: number): Date {
  const base = everyMinutes * 60_000;
  const wait = failures === 0 ? base : Math.min(base * 2 ** failures, Math.max(MAX_BACKOFF_MS, base));
  return new Date(now.getTime() + wait);
}

/** The events' nights from today on, within the horizon (an event wholly past or beyond is left out). */
function upcoming(events: EventNights[], today: string): EventNights[] {
  const horizon = addDays(today, HORIZON_DAYS);
  const out: EventNights[] = [];
  for (const e of events) {
    const from = later(e.from, today);
    const to = earlier(e.to, horizon);
    if (to > from) out.push({ uid: e.uid, from, to });
  }
  return out;
}

/**
 * Brings a feed's blocks in line with its events, in one transaction under the stay's lock (as the owner's blocks):
 * removed events' blocks and their nights go, changed ones are replaced, new ones are added; then every free night of
 * the feed's blocks is taken for the block (the room-night key, as for every booking), a night a booking has is left
 * to it, and a night a confirmed booking has is a conflict: recorded, and mailed to the owner once. `events` null
 * (the site said nothing changed) keeps the blocks and only takes nights freed since.
 */
async function apply(deps: SyncDeps, feed: repo.FeedRow, events: EventNights[] | null): Promise<number> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  return withOutbox(deps, async (tx, emit) => {
    if (!(await repo.lockStay(tx, feed.stay_id))) return 0;
    if (events) {
      const wanted = new Map(upcoming(events, today).map((e) => [e.uid, e]));
      await repo.retirePastBlocks(tx, feed.id, today);
      const existing = await repo.feedBlocks(tx, feed.id, today);
      const kept = new Set<string>();
      const gone: string[] = [];
      for (const b of existing) {
        const e = wanted.get(b.feed_uid);
        // A block's start may be in the past (kept as it was): from today on is what is compared.
        const start = later(b.starts_on, today);
        if (e && e.from === start && e.to === b.ends_on) kept.add(b.feed_uid);
        else gone.push(b.id);
      }
      await repo.deleteBlocks(tx, gone);
      const added = [...wanted.values()].filter((e) => !kept.has(e.uid));
      if (added.length) {
        const from = added.map((e) => e.from).reduce(earlier);
        const to = added.map((e) => e.to).reduce(later);
        await releaseExpiredHolds(tx, now, { roomNumberIds: [feed.room_number_id], from, to });
      }
      await repo.insertBlocks(
        tx,
        {
          feedId: feed.id,
          stayId: feed.stay_id,
          roomNumberId: feed.room_number_id,
          createdBy: feed.created_by,
          note: noteOf(feed.label),
        },
        added,
      );
    }
    await repo.fillNights(tx, feed.id, today);
    const claims = await repo.soldClaims(tx, feed.id, today);
    await repo.resolveConflicts(tx, feed.id, claims, now);
    const opened = await repo.openConflicts(tx, { feedId: feed.id, stayId: feed.stay_id }, claims);
    if (opened.length) await emit(ChannelConflictMail, { conflictIds: opened });
    return repo.nightsBlocked(tx, feed.id, today);
  });
}

/**
 * One sync of one feed: fetch (conditionally, safely), read, apply; the outcome is recorded on the feed, in words
 * when it failed, and the feed is due again after the interval (or the back-off). A site that says nothing changed
 * (304), or sends the very file it sent last time, costs no reading: the blocks stay and only nights freed since are
 * taken. A failure never throws.
 */
export async function syncFeed(deps: SyncDeps, feed: repo.FeedRow): Promise<void> {
  const settings = deps.config.channels;
  try {
    const fetched = await fetchCalendar(feed.url, { etag: feed.etag, lastModified: feed.last_modified }, settings);
    const now = deps.clock.now();
    const next = nextFetch(now, settings.everyMinutes, 0);
    if (fetched.status === 'not-modified') {
      await repo.recordSuccess(deps.db, feed.id, { now, next, nightsBlocked: await apply(deps, feed, null) });
      return;
    }
    // Fingerprinted and, unless it is the very file read last time, read in the reader's thread (ADR 044): the
    // thread that answers requests only fetches it.
    const today = todayInIndia(now);
    const window = { from: today, until: addDays(today, HORIZON_DAYS) };
    const { contentHash, calendar: parsed } = await readerFor(settings.readMs).read(fetched.body, window, feed.content_hash);
    const nights = await apply(deps, feed, parsed?.events ?? null);
    await repo.recordSuccess(deps.db, feed.id, {
      now,
      next,
      nightsBlocked: nights,
      read: { etag: fetched.etag, lastModified: fetched.lastModified, contentHash, eventsRead: parsed?.eventsRead },
    });
  } catch (err) {
    const words =
      err instanceof FeedFetchError || err instanceof CalendarRefusedError
        ? err.words
        : err instanceof NotACalendarError
          ? CHANNEL_API_MSG.notCalendar
          : null;
    if (!words) deps.log.error({ err, feedId: feed.id }, 'calendar sync failed');
    const now = deps.clock.now();
    await repo.recordFailure(deps.db, feed.id, {
      now,
      next: nextFetch(now, settings.everyMinutes, feed.failures + 1),
      words: words ?? CHANNEL_API_MSG.unreachable('internal error'),
    });
  }
}

/**
 * Syncs every feed that is due, claiming a batch at a time (so several processes share the work), `concurrency`
 * fetches at once and at most `feedsPerSecond` started a second (background work: searches and holds come first),
 * until none is due. Returns how many feeds were synced.
 */
export async function syncDue(deps: SyncDeps, batch = 100): Promise<number> {
  const { concurrency, feedsPerSecond } = deps.config.channels;
  const started = performance.now();
  let done = 0;
  let begun = 0;
  // The k-th feed of the pass starts no sooner than k / feedsPerSecond seconds after the pass began.
  const pace = async () => {
    const at = started + (begun++ * 1000) / feedsPerSecond;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  for (;;) {
    const claimed = await repo.claimDue(deps.db, deps.clock.now(), batch, LEASE_MS);
    if (claimed.length === 0) return done;
    let next = 0;
    const worker = async () => {
      for (let f = claimed[next++]; f; f = claimed[next++]) {
        await pace();
        await syncFeed(deps, f);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    done += claimed.length;
  }
}

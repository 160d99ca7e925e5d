import { sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';

export type FeedRow = {
  id: string;
  stay_id: string;
  room_number_id: string;
  url: string;
  label: string;
  created_by: string;
  etag: string | null;
  last_modified: string | null;
  content_hash: string | null;
  next_fetch_at: Date | string;
  failures: number;
  last_attempt_at: Date | string | null;
  last_success_at: Date | string | null;
  last_error: string | null;
  events_read: number;
  nights_blocked: number;
};

const feedColumns = sql`f.id, f.stay_id, f.room_number_id, f.url, f.label, f.created_by, f.etag, f.last_modified, f.content_hash,
  f.next_fetch_at, f.failures, f.last_attempt_at, f.last_success_at, f.last_error, f.events_read, f.nights_blocked`;

/** A room with its stay's owner and the room type (archived rooms and stays are left out). */
export async function findRoom(q: Queryable, roomNumberId: string) {
  const [row] = await selectRows<{ id: string; number: number; stay_id: string; room_type_id: string; owner_id: string }>(
    q,
    sql`select rn.id, rn.number, rn.stay_id, rn.room_type_id, s.owner_id
        from room_numbers rn join stays s on s.id = rn.stay_id
        where rn.id = ${roomNumberId}::uuid and rn.archived_at is null and s.archived_at is null`,
  );
  return row;
}

export async function feedsOfRoom(q: Queryable, roomNumberId: string) {
  return selectRows<FeedRow>(
    q,
    sql`select ${feedColumns} from channel_feeds f where f.room_number_id = ${roomNumberId}::uuid order by f.created_at, f.id`,
  );
}

/** A feed with its stay's owner. */
export async function findFeed(q: Queryable, feedId: string) {
  const [row] = await selectRows<FeedRow & { owner_id: string }>(
    q,
    sql`select ${feedColumns}, s.owner_id from channel_feeds f join stays s on s.id = f.stay_id where f.id = ${feedId}::uuid`,
  );
  return row;
}

export async function insertFeed(
  tx: Tx,
  f: { stayId: string; roomNumberId: string; url: string; label: string; createdBy: string },
) {
  const [row] = await selectRows<FeedRow>(
    tx,
    sql`insert into channel_feeds as f (stay_id, room_number_id, url, label, created_by)
        values (${f.stayId}::uuid, ${f.roomNumberId}::uuid, ${f.url}, ${f.label}, ${f.createdBy}::uuid)
        returning ${feedColumns}`,
  );
  if (!row) throw new Error('feed not inserted');
  return row;
}

/** The room locked (feeds of one room are added one at a time, so the count per room holds). */
export async function lockRoom(tx: Tx, roomNumberId: string) {
  await tx.execute(sql`select id from room_numbers where id = ${roomNumberId}::uuid for update`);
}

export async function countFeeds(q: Queryable, roomNumberId: string) {
  const [row] = await selectRows<{ n: number | string }>(
    q,
    sql`select count(*) as n from channel_feeds where room_number_id = ${roomNumberId}::uuid`,
  );
  return Number(row?.n ?? 0);
}

/** Forgets a feed: its blocks' nights go back to sale, its blocks, conflicts and the feed go. */
export async function deleteFeed(tx: Tx, feedId: string) {
  await tx.execute(sql`delete from room_nights where block_id in (select id from room_blocks where feed_id = ${feedId}::uuid)`);
  await tx.execute(sql`delete from room_blocks where feed_id = ${feedId}::uuid`);
  await tx.execute(sql`delete from channel_feeds where id = ${feedId}::uuid`);
}

/** The stay row locked, as the owner's blocks lock it (block changes of one stay queue up). */
export async function lockStay(tx: Tx, stayId: string) {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`select id from stays where id = ${stayId}::uuid and archived_at is null for update`,
  );
  return row;
}

/**
 * Claims up to `limit` due feeds of live rooms for this process: their next fetch moves `leaseMs` ahead (a crash
 * leaves them due again then), locked rows are skipped, so processes never fetch one feed twice at once.
 */
export async function claimDue(q: Queryable, now: Date, limit: number, leaseMs: number) {
  return selectRows<FeedRow>(
    q,
    sql`update channel_feeds f set next_fetch_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
        where f.id in (
          select c.id from channel_feeds c
          join room_numbers rn on rn.id = c.room_number_id and rn.archived_at is null
          where c.next_fetch_at <= ${now.toISOString()}::timestamptz
          order by c.next_fetch_at limit ${limit} for update of c skip locked)
        returning ${feedColumns}`,
  );
}

/**
 * Gives the feed's past blocks (no night from `today` on) a UID of their own: they are history, and an event of the
 * same UID later in the calendar is a new block.
 */
export async function retirePastBlocks(tx: Tx, feedId: string, today: string) {
  await tx.execute(
    sql`update room_blocks set feed_uid = feed_uid || ' (past ' || id::text || ')'
        where feed_id = ${feedId}::uuid and ends_on <= ${today}::date and feed_uid not like '% (past %)'`,
  );
}

/** The feed's current blocks that still have a night from `today` on (past ones are history and left alone). */
export async function feedBlocks(tx: Tx, feedId: string, today: string) {
  return selectRows<{ id: string; feed_uid: string; starts_on: string; ends_on: string }>(
    tx,
    sql`select id, feed_uid, starts_on::text as starts_on, ends_on::text as ends_on from room_blocks
        where feed_id = ${feedId}::uuid and ends_on > ${today}::date`,
  );
}

export async function deleteBlocks(tx: Tx, blockIds: string[]) {
  if (blockIds.length === 0) return;
  const ids = sql`select unnest(${`{${blockIds.join(',')}}`}::uuid[])`;
  await tx.execute(sql`delete from room_nights where block_id in (${ids})`);
  await tx.execute(sql`delete from room_blocks where id in (${ids})`);
}

export async function insertBlocks(
  tx: Tx,
  f: { feedId: string; stayId: string; roomNumberId: string; createdBy: string; note: string },
  events: { uid: string; from: string; to: string }[],
) {
  if (events.length === 0) return;
  await tx.execute(
    sql`insert into room_blocks (stay_id, room_number_id, starts_on, ends_on, note, created_by, feed_id, feed_uid)
        select ${f.stayId}::uuid, ${f.roomNumberId}::uuid, e.f, e.t, ${f.note}, ${f.createdBy}::uuid, ${f.feedId}::uuid, e.u
        from jsonb_to_recordset(${JSON.stringify(events.map((e) => ({ u: e.uid, f: e.from, t: e.to })))}::jsonb)
          as e(u text, f date, t date)`,
  );
}

/**
 * Takes each free night of the feed's blocks from `today` on for the block (room_nights with its id, in night
 * order): a night a booking, a hold or another block has is left to it. The same primary key as every booking.
 */
export async function fillNights(tx: Tx, feedId: string, today: string) {
  await tx.execute(
    sql`insert into room_nights (room_number_id, night, block_id, stay_id)
        select b.room_number_id, g.night::date, b.id, b.stay_id
        from room_blocks b, generate_series(greatest(b.starts_on, ${today}::date), b.ends_on - 1, interval '1 day') g(night)
        where b.feed_id = ${feedId}::uuid and b.ends_on > ${today}::date
        order by g.night
        on conflict do nothing`,
  );
}

/**
 * The nights from `today` on that the feed's blocks claim but a confirmed booking here holds (a hold still running
 * is not yet sold: its night goes to whichever comes first).
 */
export async function soldClaims(tx: Tx, feedId: string, today: string) {
  return selectRows<{ room_number_id: string; night: string; booking_id: string }>(
    tx,
    sql`select n.room_number_id, n.night::text as night, n.booking_id
        from room_blocks b
        join room_nights n on n.room_number_id = b.room_number_id and n.night >= greatest(b.starts_on, ${today}::date)
          and n.night < b.ends_on
        where b.feed_id = ${feedId}::uuid and b.ends_on > ${today}::date and n.booking_id is not null
          and n.blocks_until = 'infinity'::timestamptz`,
  );
}

/** Records the conflicts not yet open; returns the new ones' ids. */
export async function openConflicts(
  tx: Tx,
  f: { feedId: string; stayId: string },
  claims: { room_number_id: string; night: string; booking_id: string }[],
) {
  if (claims.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`insert into channel_conflicts (feed_id, stay_id, room_number_id, night, booking_id)
        select ${f.feedId}::uuid, ${f.stayId}::uuid, c.r, c.n, c.b
        from jsonb_to_recordset(${JSON.stringify(claims.map((c) => ({ r: c.room_number_id, n: c.night, b: c.booking_id })))}::jsonb)
          as c(r uuid, n date, b uuid)
        on conflict (feed_id, room_number_id, night, booking_id) where resolved_at is null do nothing
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** Closes the feed's open conflicts that no longer hold (the feed freed the night, or the booking let it go). */
export async function resolveConflicts(
  tx: Tx,
  feedId: string,
  still: { room_number_id: string; night: string; booking_id: string }[],
  now: Date,
) {
  await tx.execute(
    sql`update channel_conflicts c set resolved_at = ${now.toISOString()}::timestamptz
        where c.feed_id = ${feedId}::uuid and c.resolved_at is null
          and not exists (
            select 1 from jsonb_to_recordset(${JSON.stringify(still.map((s) => ({ r: s.room_number_id, n: s.night, b: s.booking_id })))}::jsonb)
              as s(r uuid, n date, b uuid)
            where s.r = c.room_number_id and s.n = c.night and s.b = c.booking_id)`,
  );
}

/** Nights from `today` on that the feed's blocks hold. */
export async function nightsBlocked(tx: Tx, feedId: string, today: string) {
  const [row] = await selectRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from room_nights n join room_blocks b on b.id = n.block_id
        where b.feed_id = ${feedId}::uuid and n.night >= ${today}::date`,
  );
  return Number(row?.n ?? 0);
}

/** A fetch that worked: what was read is kept (etag, last-modified, hash, events read: unchanged when not given). */
export async function recordSuccess(
  q: Queryable,
  feedId: string,
  s: {
    now: Date;
    next: Date;
    nightsBlocked: number;
    read?: { etag: string | null; lastModified: string | null; contentHash: string; eventsRead?: number };
  },
) {
  const r = s.read;
  await q.execute(
    sql`update channel_feeds set failures = 0, last_error = null,
          last_attempt_at = ${s.now.toISOString()}::timestamptz, last_success_at = ${s.now.toISOString()}::timestamptz,
          next_fetch_at = ${s.next.toISOString()}::timestamptz, nights_blocked = ${s.nightsBlocked},
          etag = case when ${r !== undefined} then ${r?.etag ?? null} else etag end,
          last_modified = case when ${r !== undefined} then ${r?.lastModified ?? null} else last_modified end,
          content_hash = case when ${r !== undefined} then ${r?.contentHash ?? null} else content_hash end,
          events_read = case when ${r?.eventsRead !== undefined} then ${r?.eventsRead ?? 0} else events_read end
        where id = ${feedId}::uuid`,
  );
}

export async function recordFailure(q: Queryable, feedId: string, f: { now: Date; next: Date; words: string }) {
  await q.execute(
    sql`update channel_feeds set failures = failures + 1, last_error = ${f.words},
          last_attempt_at = ${f.now.toISOString()}::timestamptz, next_fetch_at = ${f.next.toISOString()}::timestamptz
        where id = ${feedId}::uuid`,
  );
}

/** The open conflicts of the owner's stays (or one stay), newest night first. */
export async function conflictsOf(q: Queryable, ownerId: string, stayId?: string) {
  return selectRows<{
    id: string;
    stay_id: string;
    stay_name: string;
    room_number: number;
    night: string;
    booking_id: string;
    order_id: string | null;
    feed_label: string;
    detected_at: Date | string;
  }>(
    q,
    sql`select c.id, c.stay_id, s.name as stay_name, rn.number as room_number, c.night::text as night, c.booking_id,
          b.provider_order_id as order_id, f.label as feed_label, c.detected_at
        from channel_conflicts c join stays s on s.id = c.stay_id join room_numbers rn on rn.id = c.room_number_id
          join channel_feeds f on f.id = c.feed_id join bookings b on b.id = c.booking_id
        where s.owner_id = ${ownerId}::uuid and c.resolved_at is null ${stayId ? sql`and c.stay_id = ${stayId}::uuid` : sql``}
        order by c.night, rn.number limit 200`,
  );
}

/** Conflicts by id with what the owner's mail names. */
export async function conflictsForMail(q: Queryable, ids: string[]) {
  return selectRows<{
    stay_name: string;
    owner_email: string;
    room_number: number;
    night: string;
    order_id: string | null;
    feed_label: string;
  }>(
    q,
    sql`select s.name as stay_name, u.email as owner_email, rn.number as room_number, c.night::text as night,
          b.provider_order_id as order_id, f.label as feed_label
        from channel_conflicts c join stays s on s.id = c.stay_id join users u on u.id = s.owner_id
          join room_numbers rn on rn.id = c.room_number_id join channel_feeds f on f.id = c.feed_id
          join bookings b on b.id = c.booking_id
        where c.id in (select unnest(${`{${ids.join(',')}}`}::uuid[])) and c.resolved_at is null
        order by c.night, rn.number`,
  );
}

// Export calendars.

export async function exportOf(q: Queryable, target: { roomNumberId?: string; roomTypeId?: string }) {
  const [row] = await selectRows<{ token: string }>(
    q,
    target.roomNumberId
      ? sql`select token from channel_exports where room_number_id = ${target.roomNumberId}::uuid`
      : sql`select token from channel_exports where room_type_id = ${target.roomTypeId ?? null}::uuid`,
  );
  return row?.token;
}

/** Gives a room or room type its export token (a new one replaces the old: `rotate`), or keeps the one it has. */
export async function upsertExport(
  q: Queryable,
  e: { stayId: string; roomNumberId?: string; roomTypeId?: string; token: string; rotate: boolean },
) {
  const column = e.roomNumberId ? sql`room_number_id` : sql`room_type_id`;
  const [row] = await selectRows<{ token: string }>(
    q,
    sql`insert into channel_exports (stay_id, room_number_id, room_type_id, token)
        values (${e.stayId}::uuid, ${e.roomNumberId ?? null}::uuid, ${e.roomTypeId ?? null}::uuid, ${e.token})
        on conflict (${column}) do update set token = case when ${e.rotate} then excluded.token else channel_exports.token end
        returning token`,
  );
  if (!row) throw new Error('export not saved');
  return row.token;
}

/** What a token exports: a live room or room type, with the stay's name. */
export async function exportByToken(q: Queryable, token: string) {
  const [row] = await selectRows<{
    room_number_id: string | null;
    room_type_id: string | null;
    stay_name: string;
    label: string;
  }>(
    q,
    sql`select e.room_number_id, e.room_type_id, s.name as stay_name,
          coalesce('Room ' || rn.number::text, rt.title) as label
        from channel_exports e join stays s on s.id = e.stay_id and s.archived_at is null
          left join room_numbers rn on rn.id = e.room_number_id and rn.archived_at is null
          left join room_types rt on rt.id = e.room_type_id and rt.archived_at is null
        where e.token = ${token} and (rn.id is not null or rt.id is not null)`,
  );
  return row;
}

/**
 * A room's unavailable nights from `today` on, as runs per holder: each booking (confirmed, or a hold still running)
 * and each block gives its consecutive nights as one run.
 */
export async function roomRuns(q: Queryable, roomNumberId: string, today: string, now: Date) {
  return selectRows<{ holder: string; from: string; to: string }>(
    q,
    sql`select holder, min(night)::text as from, (max(night) + 1)::text as to from (
          select coalesce(n.booking_id, n.block_id)::text as holder, n.night,
                 n.night - (row_number() over (partition by coalesce(n.booking_id, n.block_id) order by n.night))::int as run
          from room_nights n
          where n.room_number_id = ${roomNumberId}::uuid and n.night >= ${today}::date
            and n.blocks_until > ${now.toISOString()}::timestamptz) x
        group by holder, run order by 2`,
  );
}

/** The nights from `today` on when every live room of the type is taken (booked, held or blocked). */
export async function fullTypeNights(q: Queryable, roomTypeId: string, today: string, now: Date) {
  const rows = await selectRows<{ night: string }>(
    q,
    sql`select n.night::text as night
        from room_nights n join room_numbers rn on rn.id = n.room_number_id and rn.archived_at is null
        where rn.room_type_id = ${roomTypeId}::uuid and n.night >= ${today}::date
          and n.blocks_until > ${now.toISOString()}::timestamptz
        group by n.night
        having count(*) >= (select count(*) from room_numbers r where r.room_type_id = ${roomTypeId}::uuid and r.archived_at is null)
        order by n.night`,
  );
  return rows.map((r) => r.night);
}

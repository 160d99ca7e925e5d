import { randomBytes } from 'node:crypto';
import { todayInIndia } from '@repo/shared/domain/dates';
import {
  type AddFeedInput,
  CHANNEL_LIMITS,
  CHANNEL_MSG,
  type ConflictDto,
  type FeedDto,
  type RoomChannelsDto,
  type RotateInput,
} from '@repo/shared/schemas/channels';
import { inTransaction } from '#src/db/client.ts';
import { conflict, fieldError, notFound } from '#src/lib/errors.ts';
import { type ExportRun, writeCalendar } from './calendar.ts';
import * as repo from './channels.repository.ts';
import { CHANNEL_API_MSG } from './messages.ts';
import { refusedAddress, systemPolicy } from './safe-fetch.ts';
import { type SyncDeps, syncFeed } from './sync.service.ts';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** A feed's address as shown: a password in it (https://user:password@…) is never sent back, only its place. */
export function shownUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (!parsed.password) return url;
  return `${parsed.protocol}//${parsed.username}:••••@${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export const toFeedDto = (f: repo.FeedRow): FeedDto => ({
  id: f.id,
  roomNumberId: f.room_number_id,
  label: f.label,
  url: shownUrl(f.url),
  lastSuccessAt: isoOrNull(f.last_success_at),
  lastAttemptAt: isoOrNull(f.last_attempt_at),
  nextFetchAt: iso(f.next_fetch_at),
  eventsRead: f.events_read,
  nightsBlocked: f.nights_blocked,
  lastError: f.last_error,
});

/** An unguessable export token (192 random bits, URL-safe). */
const newToken = () => randomBytes(24).toString('base64url');
const calendarUrl = (deps: SyncDeps, token: string) => `${deps.config.publicUrl}/api/calendars/${token}.ics`;

/** The owner's live room, else "not found" (another owner's room is not told apart). */
async function ownRoom(deps: SyncDeps, ownerId: string, roomNumberId: string) {
  const room = await repo.findRoom(deps.db, roomNumberId);
  if (!room || room.owner_id !== ownerId) throw notFound(CHANNEL_API_MSG.roomNotFound);
  return room;
}

async function ownFeed(deps: SyncDeps, ownerId: string, feedId: string) {
  const feed = await repo.findFeed(deps.db, feedId);
  if (!feed || feed.owner_id !== ownerId) throw notFound(CHANNEL_API_MSG.feedNotFound);
  return feed;
}

/** A room's export addresses (made on first sight) and its imported calendars with their sync status. */
export async function roomChannels(deps: SyncDeps, ownerId: string, roomNumberId: string): Promise<RoomChannelsDto> {
  const room = await ownRoom(deps, ownerId, roomNumberId);
  const roomToken =
    (await repo.exportOf(deps.db, { roomNumberId })) ??
    (await repo.upsertExport(deps.db, { stayId: room.stay_id, roomNumberId, token: newToken(), rotate: false }));
  const typeToken =
    (await repo.exportOf(deps.db, { roomTypeId: room.room_type_id })) ??
    (await repo.upsertExport(deps.db, { stayId: room.stay_id, roomTypeId: room.room_type_id, token: newToken(), rotate: false }));
  const feeds = await repo.feedsOfRoom(deps.db, roomNumberId);
  return {
    roomNumberId,
    number: room.number,
    roomExport: { url: calendarUrl(deps, roomToken) },
    typeExport: { url: calendarUrl(deps, typeToken) },
    feeds: feeds.map(toFeedDto),
  };
}

/** Replaces the room's (or its type's) export token: the old address answers 404 from now on. */
export async function rotateExport(deps: SyncDeps, ownerId: string, roomNumberId: string, input: RotateInput) {
  const room = await ownRoom(deps, ownerId, roomNumberId);
  await repo.upsertExport(deps.db, {
    stayId: room.stay_id,
    ...(input.target === 'room' ? { roomNumberId } : { roomTypeId: room.room_type_id }),
    token: newToken(),
    rotate: true,
  });
  return roomChannels(deps, ownerId, roomNumberId);
}

/**
 * Adds another site's calendar to the owner's room and reads it at once (a failure is the feed's status, in words).
 * An address the fetch's rules refuse (safe-fetch.ts) is refused here, a 400 on `url` with the reason.
 */
export async function addFeed(deps: SyncDeps, ownerId: string, roomNumberId: string, input: AddFeedInput): Promise<FeedDto> {
  const room = await ownRoom(deps, ownerId, roomNumberId);
  // An address no read could ever fetch (a local or private one, another port) is refused as it is pasted.
  const refused = await refusedAddress(input.url, systemPolicy(deps.config.channels.allowLocal));
  if (refused) throw fieldError('url', CHANNEL_MSG.urlRefused(refused));
  const feed = await inTransaction(deps.db, async (tx) => {
    await repo.lockRoom(tx, roomNumberId);
    if ((await repo.countFeeds(tx, roomNumberId)) >= CHANNEL_LIMITS.feedsPerRoom)
      throw conflict(CHANNEL_API_MSG.tooManyFeeds(CHANNEL_LIMITS.feedsPerRoom), 'TOO_MANY_FEEDS');
    return repo.insertFeed(tx, { stayId: room.stay_id, roomNumberId, url: input.url, label: input.label, createdBy: ownerId });
  });
  return syncNow(deps, ownerId, feed.id);
}

/** Fetches the owner's feed now (whatever its schedule) and gives its status. */
export async function syncNow(deps: SyncDeps, ownerId: string, feedId: string): Promise<FeedDto> {
  const feed = await ownFeed(deps, ownerId, feedId);
  await syncFeed(deps, feed);
  const after = await repo.findFeed(deps.db, feedId);
  if (!after) throw notFound(CHANNEL_API_MSG.feedNotFound);
  return toFeedDto(after);
}

/** Removes the owner's feed: the nights it blocked are for sale again, its conflicts are forgotten. */
export async function removeFeed(deps: SyncDeps, ownerId: string, feedId: string) {
  await inTransaction(deps.db, async (tx) => {
    const feed = await repo.findFeed(tx, feedId);
    if (!feed || feed.owner_id !== ownerId) throw notFound(CHANNEL_API_MSG.feedNotFound);
    await repo.lockStay(tx, feed.stay_id);
    await repo.deleteFeed(tx, feedId);
  });
}

/** The open conflicts of the owner's stays (or one of them). */
export async function conflicts(deps: SyncDeps, ownerId: string, stayId?: string): Promise<ConflictDto[]> {
  const rows = await repo.conflictsOf(deps.db, ownerId, stayId);
  return rows.map((r) => ({
    id: r.id,
    stayId: r.stay_id,
    stayName: r.stay_name,
    roomNumber: r.room_number,
    night: r.night,
    bookingId: r.booking_id,
    orderId: r.order_id,
    feedLabel: r.feed_label,
    detectedAt: iso(r.detected_at),
  }));
}

/** Consecutive nights as runs [from, to). */
function runsOf(nights: string[], key: string): ExportRun[] {
  const runs: ExportRun[] = [];
  for (const night of nights) {
    const last = runs.at(-1);
    const next = new Date(`${night}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const to = next.toISOString().slice(0, 10);
    if (last && last.to === night) last.to = to;
    else runs.push({ key, from: night, to });
  }
  return runs;
}

/**
 * The export calendar behind a token (no sign-in: the token is the key; an unknown or rotated one is "not found"):
 * a room's booked, held and blocked nights from today on, one event per booking or block; a room type's nights when
 * all its rooms are taken. No guest's data.
 */
export async function exportCalendar(deps: SyncDeps, token: string): Promise<string> {
  const found = await repo.exportByToken(deps.db, token);
  if (!found) throw notFound(CHANNEL_API_MSG.calendarNotFound);
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const host = new URL(deps.config.publicUrl).hostname;
  const runs = found.room_number_id
    ? (await repo.roomRuns(deps.db, found.room_number_id, today, now)).map((r) => ({ key: r.holder, from: r.from, to: r.to }))
    : runsOf(await repo.fullTypeNights(deps.db, found.room_type_id ?? '', today, now), found.room_type_id ?? '');
  return writeCalendar(`${found.stay_name} · ${found.label}`, runs, now, host);
}

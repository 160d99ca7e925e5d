import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import type { HousekeepingDto, HousekeepingInput, HousekeepingRoomDto } from '@repo/shared/schemas/desk';
import { HousekeepingInput as Input } from '@repo/shared/schemas/desk';
import { type DeskUser, deskOwnerOf, deskStay } from '#src/features/bookings/index.ts';
import { fieldError, notFound } from '#src/lib/errors.ts';
import * as repo from './housekeeping.repository.ts';
import { OWNER_API_MSG } from './messages.ts';
import { blockRooms, unblock } from './occupancy.service.ts';
import type { OwnerDeps } from './reservations.service.ts';

/** The instant a day begins in India. */
const startOf = (day: string) => new Date(`${day}T00:00:00+05:30`);

/**
 * A room's state today (ADR 064): out of order while its block stands; dirty from the morning after a night someone
 * slept in it, unless the desk marked it since that morning began; otherwise as the desk last marked it (a room
 * never marked is clean).
 */
export function stateOf(r: repo.HousekeepingRow, today: string): HousekeepingRoomDto['status'] {
  if (r.status === 'out_of_order') return r.block_live ? 'out_of_order' : 'dirty';
  const markedToday = r.updated_at !== null && r.updated_at >= startOf(today);
  if (r.slept_in && !markedToday) return 'dirty';
  return r.status ?? 'clean';
}

/** Today's rooms of a stay with their housekeeping state, as the desk ticks through them. */
export async function housekeeping(deps: OwnerDeps, user: DeskUser, stayId: string): Promise<HousekeepingDto> {
  const stay = await deskStay(deps, user, stayId);
  const today = todayInIndia(deps.clock.now());
  const rows = await repo.housekeepingOf(deps.db, stayId, today, addDays(today, -1));
  return {
    stay: { id: stay.id, name: stay.name },
    today,
    rooms: rows.map((r) => ({
      id: r.id,
      number: r.number,
      title: r.title,
      status: stateOf(r, today),
      occupied: r.occupied,
      outOfOrderUntil: r.status === 'out_of_order' && r.block_live ? r.out_of_order_until : null,
      updatedAt: r.updated_at?.toISOString() ?? null,
    })),
  };
}

/**
 * The desk marks a room clean, dirty or inspected (an out-of-order block it had is lifted: its nights go back to
 * sale), or out of order until a day: the room's nights from today up to then are blocked as an owner's block is
 * (search and holds read them as taken; a night booked or held is a 409 and nothing changes).
 */
export async function markRoom(deps: OwnerDeps, user: DeskUser, stayId: string, roomId: string, body: HousekeepingInput) {
  const input = Input.parse(body);
  await deskStay(deps, user, stayId);
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const rows = await repo.housekeepingOf(deps.db, stayId, today, addDays(today, -1));
  const room = rows.find((r) => r.id === roomId);
  if (!room) throw notFound(OWNER_API_MSG.roomNotFound);
  let blockId: string | null = null;
  if (input.status === 'out_of_order') {
    const until = input.until ?? '';
    if (until <= today) throw fieldError('until', OWNER_API_MSG.untilAfterToday);
    // A new period replaces the one standing.
    if (room.block_id && room.block_live) await unblock(deps, deskOwnerOf(user), room.block_id);
    const [block] = await blockRooms(deps, deskOwnerOf(user), stayId, {
      roomNumberIds: [roomId],
      from: today,
      to: until,
      note: input.note || OWNER_API_MSG.outOfOrderNote,
    });
    blockId = block?.id ?? null;
  } else if (room.block_id && room.block_live) await unblock(deps, deskOwnerOf(user), room.block_id);
  await repo.setHousekeeping(deps.db, {
    roomNumberId: roomId,
    status: input.status,
    blockId,
    until: input.status === 'out_of_order' ? (input.until ?? null) : null,
    note: input.note,
    by: user.id,
    at: now,
  });
  return housekeeping(deps, user, stayId);
}

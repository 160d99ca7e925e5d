import { HOUSEKEEPING_STATES } from '@repo/shared/constants/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, selectRows } from '#src/db/client.ts';

const Row = z.object({
  id: z.string(),
  number: z.coerce.number().int(),
  title: z.string(),
  status: z.enum(HOUSEKEEPING_STATES).nullable(),
  block_id: z.string().nullable(),
  out_of_order_until: z.string().nullable(),
  updated_at: z.coerce.date().nullable(),
  slept_in: z.boolean(),
  occupied: z.boolean(),
  block_live: z.boolean(),
});
export type HousekeepingRow = z.infer<typeof Row>;

/**
 * A stay's live rooms by number with their housekeeping row (if any), whether someone slept in each last night
 * (`yesterday`: a confirmed booking's night, its guest not a no-show), whether it is occupied (last night or
 * tonight), and whether its out-of-order block still stands.
 */
export async function housekeepingOf(q: Queryable, stayId: string, today: string, yesterday: string) {
  const rows = await selectRows<unknown>(
    q,
    sql`select rn.id, rn.number, rt.title, h.status, h.block_id, h.out_of_order_until::text as out_of_order_until,
               h.updated_at,
               exists (select 1 from room_nights n join bookings b on b.id = n.booking_id
                       where n.room_number_id = rn.id and n.night = ${yesterday}::date and b.status = 'confirmed'
                         and b.arrival is distinct from 'no_show') as slept_in,
               exists (select 1 from room_nights n join bookings b on b.id = n.booking_id
                       where n.room_number_id = rn.id and n.night in (${yesterday}::date, ${today}::date)
                         and b.status = 'confirmed' and b.arrival is distinct from 'no_show'
                         and b.arrival is distinct from 'checked_out') as occupied,
               exists (select 1 from room_blocks bl where bl.id = h.block_id and bl.ends_on > ${today}::date) as block_live
        from room_numbers rn join room_types rt on rt.id = rn.room_type_id
        left join room_housekeeping h on h.room_number_id = rn.id
        where rn.stay_id = ${stayId}::uuid and rn.archived_at is null and rt.archived_at is null
        order by rn.number`,
  );
  return rows.map((r) => Row.parse(r));
}

/** Sets a room's housekeeping state (with its out-of-order block, or none). */
export async function setHousekeeping(
  q: Queryable,
  v: {
    roomNumberId: string;
    status: (typeof HOUSEKEEPING_STATES)[number];
    blockId: string | null;
    until: string | null;
    note: string;
    by: string;
    at: Date;
  },
) {
  await q.execute(sql`
    insert into room_housekeeping (room_number_id, status, block_id, out_of_order_until, note, updated_by, updated_at)
    values (${v.roomNumberId}::uuid, ${v.status}, ${v.blockId}::uuid, ${v.until}::date, ${v.note}, ${v.by}::uuid, ${v.at.toISOString()}::timestamptz)
    on conflict (room_number_id) do update set status = excluded.status, block_id = excluded.block_id,
      out_of_order_until = excluded.out_of_order_until, note = excluded.note, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at`);
}

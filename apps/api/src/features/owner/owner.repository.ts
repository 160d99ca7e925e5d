import type { MealPlan } from '@repo/shared/domain/plans';
import type { BookingStatus } from '@repo/shared/constants/domain';
import type { ReservationsFilter } from '@repo/shared/schemas/owner';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';

/** A stay with its owner (archived stays too: their bookings are still the owner's). */
export async function findStay(q: Queryable, stayId: string) {
  const [row] = await selectRows<{ id: string; owner_id: string; name: string; archived: boolean }>(
    q,
    sql`select id, owner_id, name, archived_at is not null as archived from stays where id = ${stayId}::uuid`,
  );
  return row;
}

/** The stay row locked for the transaction (block changes of one stay queue up behind room changes). */
export async function lockStay(tx: Tx, stayId: string) {
  const [row] = await selectRows<{ id: string; owner_id: string }>(
    tx,
    sql`select id, owner_id from stays where id = ${stayId}::uuid and archived_at is null for update`,
  );
  return row;
}

export type ReservationRow = {
  id: string;
  stay_id: string;
  stay_name: string;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  check_in: string;
  check_out: string;
  nights: number;
  adults: number;
  children: number;
  amount_paise: number | string;
  status: BookingStatus;
  cancelled_by: 'guest' | 'owner' | null;
  hold_expires_at: Date | string | null;
  created_at: Date | string;
  rooms: { number: number; title: string; planName: string | null; mealPlan: MealPlan | null }[] | string;
  paid: number | string;
  refunded: number | string;
  refund_status: 'pending' | 'processed' | 'failed' | null;
  compensation: number | string;
};

/** `text` matched literally by like/ilike (its %, _ and \ escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The where clause of the owner's reservations: own stays, then each filter asked. */
/** A filter of the owner's reservations, and for a staff member the stays given to them (ADR 066). */
export type ScopedFilter = ReservationsFilter & { stayIds?: readonly string[] | null };

/** `column` is one of the stays (ids read from the database: uuids). */
export const amongStays = (column: SQL, stayIds: readonly string[]) => sql`${column} = any(${`{${stayIds.join(',')}}`}::uuid[])`;

function reservationsWhere(ownerId: string, f: ScopedFilter): SQL {
  const parts: SQL[] = [sql`s.owner_id = ${ownerId}::uuid`];
  if (f.stayIds) parts.push(amongStays(sql`b.stay_id`, f.stayIds));
  if (f.stayId) parts.push(sql`b.stay_id = ${f.stayId}::uuid`);
  if (f.status) parts.push(sql`b.status = ${f.status}`);
  // Overlapping the range: a night on or after `from` and before `to`.
  if (f.from) parts.push(sql`b.check_out > ${f.from}::date`);
  if (f.to) parts.push(sql`b.check_in < ${f.to}::date`);
  if (f.q) {
    const contains = `%${likeLiteral(f.q)}%`;
    const starts = `${likeLiteral(f.q.toLowerCase())}%`;
    parts.push(sql`(
      (u.first_name || ' ' || u.last_name) ilike ${contains}
      or b.guest_name ilike ${contains}
      or u.email ilike ${contains}
      or lower(b.provider_order_id) like ${starts}
      or b.id::text like ${starts})`);
  }
  return sql.join(parts, sql` and `);
}

const RESERVATION_COLUMNS = sql`
  b.id, b.stay_id, s.name as stay_name, b.provider_order_id, b.provider_payment_id,
  -- A desk booking's guest is named on it; its account is the admin who took it (ADR 064).
  case when b.source = 'desk' then b.guest_name else u.first_name end as first_name,
  case when b.source = 'desk' then '' else u.last_name end as last_name,
  case when b.source = 'desk' then coalesce(b.guest_email, '') else u.email end as email,
  case when b.source = 'desk' then b.guest_mobile else u.mobile end as mobile, b.check_in::text as check_in, b.check_out::text as check_out,
  b.nights, b.adults, b.children, b.amount_paise, b.status, b.cancelled_by, b.hold_expires_at, b.created_at,
  coalesce((select jsonb_agg(jsonb_build_object('number', br.number, 'title', br.title, 'planName', br.plan_name,
                                                'mealPlan', br.meal_plan) order by br.number)
            from booking_rooms br where br.booking_id = b.id), '[]'::jsonb) as rooms,
  coalesce((select sum(p.amount_paise) from payments p where p.booking_id = b.id), 0) as paid,
  coalesce((select sum(r.amount_paise) from refunds r where r.booking_id = b.id and r.status <> 'failed'), 0) as refunded,
  (select r.status from refunds r where r.booking_id = b.id order by r.created_at desc, r.id desc limit 1) as refund_status,
  coalesce((select c.amount_paise from cancellation_compensations c where c.booking_id = b.id), 0) as compensation`;

const FROM_RESERVATIONS = sql`from bookings b join stays s on s.id = b.stay_id join users u on u.id = b.user_id`;

/** A reservation's tax invoice as issued (its number and what its snapshot printed), or nulls without one. */
export type IssuedInvoiceColumns = {
  invoice_number: string | null;
  invoice_taxable: number | string | null;
  invoice_cgst: number | string | null;
  invoice_sgst: number | string | null;
  invoice_igst: number | string | null;
  invoice_gstin: string | null;
};

/** The booking's tax invoice (or bill of supply) as its snapshot printed it; IGST when a document ever carries it. */
const ISSUED_INVOICE = sql`
  inv.number as invoice_number,
  (inv.snapshot->'gst'->>'taxable')::bigint as invoice_taxable,
  (inv.snapshot->'gst'->>'cgst')::bigint as invoice_cgst,
  (inv.snapshot->'gst'->>'sgst')::bigint as invoice_sgst,
  case when inv.id is null then null else coalesce((inv.snapshot->'gst'->>'igst')::bigint, 0) end as invoice_igst,
  inv.snapshot->'recipient'->>'gstin' as invoice_gstin`;

const WITH_INVOICE = sql`left join invoices inv on inv.booking_id = b.id and inv.kind = 'invoice'`;

/** The owner's reservations matching the filter, newest booking first: `limit` from `offset`, and how many in all. */
export async function reservations(
  q: Queryable,
  ownerId: string,
  f: ScopedFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: ReservationRow[]; total: number }> {
  return reservationsWith<ReservationRow>(q, ownerId, f, sql``, sql``, page);
}

/** The same reservations, each with its tax invoice as issued (the CSV export). */
export async function reservationsWithInvoices(
  q: Queryable,
  ownerId: string,
  f: ScopedFilter,
  page: { limit: number; offset: number },
) {
  return reservationsWith<ReservationRow & IssuedInvoiceColumns>(q, ownerId, f, sql`, ${ISSUED_INVOICE}`, WITH_INVOICE, page);
}

async function reservationsWith<Row>(
  q: Queryable,
  ownerId: string,
  f: ScopedFilter,
  columns: SQL,
  joins: SQL,
  page?: { limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  const where = reservationsWhere(ownerId, f);
  const cut = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await selectRows<Row>(
    q,
    sql`select ${RESERVATION_COLUMNS} ${columns} ${FROM_RESERVATIONS} ${joins} where ${where} order by b.created_at desc, b.id ${cut}`,
  );
  if (!page) return { rows, total: rows.length };
  const [count] = await selectRows<{ n: number | string }>(q, sql`select count(*) as n ${FROM_RESERVATIONS} where ${where}`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One reservation of the owner's stays. */
export async function reservation(q: Queryable, ownerId: string, bookingId: string) {
  const [row] = await selectRows<ReservationRow>(
    q,
    sql`select ${RESERVATION_COLUMNS} ${FROM_RESERVATIONS} where s.owner_id = ${ownerId}::uuid and b.id = ${bookingId}::uuid`,
  );
  return row;
}

export type BlockRow = {
  id: string;
  room_number_id: string;
  number: number;
  starts_on: string;
  ends_on: string;
  note: string;
};

const BLOCK_COLUMNS = sql`bl.id, bl.room_number_id, rn.number, bl.starts_on::text as starts_on, bl.ends_on::text as ends_on, bl.note`;

export type OccupancyRow = {
  owner_id: string;
  name: string;
  archived: boolean;
  /** [id, number, title, booked, held, blocked] per live room, by number (see `occupancy`). */
  rooms: [string, number, string, number | null, number | null, number | null][] | string;
  blocks: BlockRow[] | string;
  moving: { id: string; first_name: string; last_name: string; arriving: boolean; rooms: number[] }[] | string;
};

/**
 * A stay's month in one statement (one round trip, one pooled connection): the stay and its owner; each live room by
 * number with its nights in [from, to) (at most 31) that still keep it from sale at `now`, as three bit sets (bit i =
 * the night `from` + i): booked (blocks_until 'infinity': a confirmed booking or a block), held (a payment hold not
 * yet lapsed) and blocked (the night is a block's: the owner's or an imported calendar's), read index-only from room_nights_stay_night_idx and folded per room in the database
 * (expired holds' nights are left out, as search leaves them); the blocks of live rooms with a night in the month (a
 * block's nights go with it on unblock; a deleted room's go from today on, and the room is archived); and the
 * confirmed bookings arriving (check-in) or leaving (check-out) on `day`, with guest and room numbers.
 */
export async function occupancyOf(q: Queryable, stayId: string, from: string, to: string, now: Date, day: string) {
  const [row] = await selectRows<OccupancyRow>(
    q,
    sql`select s.owner_id, s.name, s.archived_at is not null as archived,
          coalesce((
            select jsonb_agg(jsonb_build_array(rn.id, rn.number, rt.title, t.booked, t.held, t.blocked) order by rn.number)
            from room_numbers rn
            join room_types rt on rt.id = rn.room_type_id
            -- Each room's nights of the month from the primary key (room, night): a grouped read of the whole
            -- stay's nights joined back to the rooms was read again for every room (15 ms for 100 rooms).
            cross join lateral (
              select bit_or(case when n.blocks_until = 'infinity'::timestamptz then 1::bigint << (n.night - ${from}::date) else 0 end) as booked,
                     bit_or(case when n.blocks_until = 'infinity'::timestamptz then 0 else 1::bigint << (n.night - ${from}::date) end) as held,
                     bit_or(case when n.block_id is null then 0 else 1::bigint << (n.night - ${from}::date) end) as blocked
              from room_nights n
              where n.room_number_id = rn.id and n.night >= ${from}::date and n.night < ${to}::date
                and n.blocks_until > ${now.toISOString()}::timestamptz) t
            where rn.stay_id = s.id and rn.archived_at is null and rt.archived_at is null), '[]'::jsonb) as rooms,
          coalesce((
            select jsonb_agg(jsonb_build_object('id', bl.id, 'room_number_id', bl.room_number_id, 'number', rn.number,
                     'starts_on', bl.starts_on, 'ends_on', bl.ends_on, 'note', bl.note) order by bl.starts_on, rn.number)
            from room_blocks bl join room_numbers rn on rn.id = bl.room_number_id and rn.archived_at is null
            where bl.stay_id = s.id and bl.starts_on < ${to}::date and bl.ends_on > ${from}::date), '[]'::jsonb) as blocks,
          coalesce((
            select jsonb_agg(jsonb_build_object('id', b.id,
                     'first_name', case when b.source = 'desk' then b.guest_name else u.first_name end,
                     'last_name', case when b.source = 'desk' then '' else u.last_name end,
                     'arriving', b.check_in = ${day}::date,
                     'rooms', coalesce((select jsonb_agg(br.number order by br.number) from booking_rooms br where br.booking_id = b.id), '[]'::jsonb))
                   order by u.first_name, u.last_name, b.id)
            from bookings b join users u on u.id = b.user_id
            where b.stay_id = s.id and b.status = 'confirmed' and (b.check_in = ${day}::date or b.check_out = ${day}::date)), '[]'::jsonb) as moving
        from stays s where s.id = ${stayId}::uuid`,
  );
  return row;
}

/** Which of `ids` are live rooms of the stay (with their numbers). */
export async function roomsOfStay(q: Queryable, stayId: string, ids: readonly string[]) {
  return selectRows<{ id: string; number: number }>(
    q,
    sql`select rn.id, rn.number from room_numbers rn
        where rn.stay_id = ${stayId}::uuid and rn.archived_at is null
          and rn.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`,
  );
}

/**
 * One block per room over [from, to), and one room_nights row per room per night carrying the block, in (room,
 * night) order like a hold: a primary-key violation means a booking, a live hold or another block has that night.
 */
export async function insertBlocks(
  tx: Tx,
  b: {
    stayId: string;
    from: string;
    to: string;
    note: string;
    createdBy: string;
    blocks: { id: string; roomNumberId: string }[];
  },
) {
  const rows = [...b.blocks].sort((x, y) => (x.roomNumberId < y.roomNumberId ? -1 : 1));
  await tx.execute(sql`
    with blk as (
      insert into room_blocks (id, stay_id, room_number_id, starts_on, ends_on, note, created_by)
      select r.id, ${b.stayId}::uuid, r.room_number_id, ${b.from}::date, ${b.to}::date, ${b.note}, ${b.createdBy}::uuid
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, room_number_id: r.roomNumberId })))}::jsonb)
        as r(id uuid, room_number_id uuid)
      returning id, room_number_id
    )
    insert into room_nights (room_number_id, night, block_id, stay_id)
    select blk.room_number_id, n.night::date, blk.id, ${b.stayId}::uuid
    from blk, generate_series(${b.from}::date, ${b.to}::date - 1, interval '1 day') as n(night)
    order by blk.room_number_id, n.night`);
}

/** What has a room's night: a block or a booking (to name a conflict). */
export async function nightHolder(q: Queryable, roomNumberIds: readonly string[], from: string, to: string) {
  const [row] = await selectRows<{ room_number_id: string; night: string; blocked: boolean }>(
    q,
    sql`select n.room_number_id, n.night::text as night, n.block_id is not null as blocked
        from room_nights n
        where n.room_number_id = any(array(select jsonb_array_elements_text(${JSON.stringify(roomNumberIds)}::jsonb)::uuid))
          and n.night >= ${from}::date and n.night < ${to}::date
        order by n.night, n.room_number_id limit 1`,
  );
  return row;
}

/** A block with its stay's owner. */
export async function findBlock(q: Queryable, blockId: string) {
  const [row] = await selectRows<BlockRow & { stay_id: string; owner_id: string }>(
    q,
    sql`select ${BLOCK_COLUMNS}, bl.stay_id, s.owner_id
        from room_blocks bl join room_numbers rn on rn.id = bl.room_number_id join stays s on s.id = bl.stay_id
        where bl.id = ${blockId}::uuid`,
  );
  return row;
}

/** Gives a block's nights back to sale and forgets the block. */
export async function deleteBlock(tx: Tx, blockId: string) {
  await tx.execute(sql`delete from room_nights where block_id = ${blockId}::uuid`);
  await tx.execute(sql`delete from room_blocks where id = ${blockId}::uuid`);
}

export type FiguresRow = {
  id: string;
  name: string;
  /** How many stays matched, before the page was cut. */
  total: number | string;
  /** Live rooms now (room and room type not archived). */
  rooms: number | string;
  /** [night, sold room-nights, their money in rupees] per night with a sale. */
  sold: [string, number, number][] | string;
  /** [night, blocked live rooms] per night with a block. */
  blocked: [string, number][] | string;
};

/** Live rooms of the stay `st` now (room and room type not archived). */
const LIVE_ROOMS = sql`(select count(*) from room_numbers rn join room_types rt on rt.id = rn.room_type_id
  where rn.stay_id = st.id and rn.archived_at is null and rt.archived_at is null)`;

/** Sold room-nights (ADR 019): room_nights rows `n` of confirmed bookings `b`, with the booked room `br`. */
const SOLD_NIGHTS = sql`from room_nights n
  join bookings b on b.id = n.booking_id and b.status = 'confirmed'
  join booking_rooms br on br.booking_id = n.booking_id and br.room_number_id = n.room_number_id`;

/** A sold night's tariff in rupees (GST included): its price by date when kept, else the room's price per night. */
const NIGHT_TARIFF = sql`coalesce(br.nightly_prices[(n.night - b.check_in) + 1], br.price_per_night)`;

/** [night, blocked live rooms] per night of [from, to) with a block, of the stay `st`. */
const blockedNights = (from: string, to: string) => sql`coalesce((
  select jsonb_agg(jsonb_build_array(x.night, x.blocked) order by x.night) from (
    select n.night::text as night, count(*) as blocked
    from room_nights n join room_numbers rn on rn.id = n.room_number_id and rn.archived_at is null
    where n.stay_id = st.id and n.night >= ${from}::date and n.night < ${to}::date and n.block_id is not null
    group by n.night) x), '[]'::jsonb)`;

/**
 * The figures' parts (ADR 019) of the owner's live stays, by name, a page of them, in one statement: for each stay,
 * its live rooms; per night of [from, to) its sold room-nights (confirmed bookings) with their money (each booked
 * room's price for that night: nightly_prices when kept, else price_per_night, in rupees); and per night its
 * blocked live rooms. `stayId` narrows it to one stay (the stay's own figures).
 */
export async function figuresOf(
  q: Queryable,
  f: { ownerId: string; stayId?: string; from: string; to: string; limit: number; offset: number },
) {
  const one = f.stayId ? sql`and s.id = ${f.stayId}::uuid` : sql``;
  return selectRows<FiguresRow>(
    q,
    sql`with st as (
          select s.id, s.name, count(*) over () as total
          from stays s
          where s.owner_id = ${f.ownerId}::uuid and s.archived_at is null ${one}
          order by s.name, s.id
          limit ${f.limit} offset ${f.offset})
        select st.id, st.name, st.total,
          ${LIVE_ROOMS} as rooms,
          coalesce((
            select jsonb_agg(jsonb_build_array(x.night, x.sold, x.rupees) order by x.night) from (
              select n.night::text as night, count(*) as sold, sum(${NIGHT_TARIFF}) as rupees
              ${SOLD_NIGHTS} where n.stay_id = st.id and n.night >= ${f.from}::date and n.night < ${f.to}::date
              group by n.night) x), '[]'::jsonb) as sold,
          ${blockedNights(f.from, f.to)} as blocked
        from st order by st.name, st.id`,
  );
}

/** How many live stays the owner has (a page past the last one counts them here). */
export async function countLiveStays(q: Queryable, ownerId: string) {
  const [row] = await selectRows<{ n: number | string }>(
    q,
    sql`select count(*) as n from stays where owner_id = ${ownerId}::uuid and archived_at is null`,
  );
  return Number(row?.n ?? 0);
}

export type MonthRow = {
  id: string;
  name: string;
  city: string;
  /** Live rooms now (room and room type not archived). */
  rooms: number | string;
  /**
   * [night, tariff in rupees, GST rate in percent or null, sold room-nights] per night, tariff and rate with a sale:
   * the rate is the one the booking's issued invoice charged on that room at that tariff (null without an invoice).
   */
  sold: [string, number, number | string | null, number | string][] | string;
  /** [night, blocked live rooms] per night with a block. */
  blocked: [string, number][] | string;
};

/**
 * A month's figures' parts (ADR 019, 039) of every live stay of the owner, in one statement: each stay's live rooms,
 * its sold room-nights in [from, to) by night, tariff and the GST rate its booking's invoice charged (read from the
 * invoice as issued: the line of that room at that tariff), and its blocked live rooms by night.
 */
export async function monthOf(q: Queryable, f: { ownerId: string; from: string; to: string }) {
  return selectRows<MonthRow>(
    q,
    sql`select st.id, st.name, st.city, ${LIVE_ROOMS} as rooms,
          coalesce((
            select jsonb_agg(jsonb_build_array(x.night, x.rupees, x.rate, x.sold) order by x.night) from (
              select y.night, y.rupees, r.rate, count(*) as sold from (
                select n.night::text as night, n.booking_id, br.number, ${NIGHT_TARIFF} as rupees
                ${SOLD_NIGHTS} where n.stay_id = st.id and n.night >= ${f.from}::date and n.night < ${f.to}::date) y
              left join lateral (
                select (l->>'ratePercent')::numeric as rate
                from invoices i cross join jsonb_array_elements(i.snapshot->'gst'->'lines') l
                where i.booking_id = y.booking_id and i.kind = 'invoice'
                  and (l->>'roomNumber')::int = y.number and (l->>'tariff')::numeric = y.rupees
                limit 1) r on true
              group by y.night, y.rupees, r.rate) x), '[]'::jsonb) as sold,
          ${blockedNights(f.from, f.to)} as blocked
        from stays st
        where st.owner_id = ${f.ownerId}::uuid and st.archived_at is null
        order by st.name, st.id`,
  );
}

/** The owner's settlements of a month (ADR 032): how many, the fee with its GST, and what they made payable. */
export async function monthSettlements(q: Queryable, ownerId: string, month: string) {
  const [row] = await selectRows<{ n: string; fee: string; payable: string }>(
    q,
    sql`select count(*) as n, coalesce(sum(fee_paise + fee_gst_paise), 0) as fee, coalesce(sum(payable_paise), 0) as payable
        from settlements where owner_id = ${ownerId}::uuid and to_char(period_end, 'YYYY-MM') = ${month}`,
  );
  return { count: Number(row?.n ?? 0), fee: Number(row?.fee ?? 0), payable: Number(row?.payable ?? 0) };
}

/**
 * The owner's occupancy calendar budget, run by bench/run.ts on the bench catalogue: a stay of 100 rooms, its month
 * of nights booked (confirmed), held and blocked, read by its owner (GET /api/admin/stays/:id/occupancy) at 32
 * connections: p99 ≤ 50 ms.
 */
import { hashPassword } from '../apps/api/src/features/auth/password.ts';
import type { BenchContext, BenchSection, Check } from './context.ts';

const ROOMS = 100;
const PASSWORD = 'Bench@12345';

export default async function ownerBench(ctx: BenchContext): Promise<BenchSection> {
  const { client, baseUrl, load, today, startApi } = ctx;
  const month = today.slice(0, 7);
  const {
    rows: [owner],
  } = await client.query<{ id: string }>(
    `insert into users (first_name, last_name, email, mobile, password_hash, is_admin)
     values ('Bench', 'Hotelier', 'hotelier@bench.local', '9000000002', $1, true) returning id`,
    [await hashPassword(PASSWORD)],
  );
  const guest = await ctx.newGuest();
  const {
    rows: [stay],
  } = await client.query<{ id: string }>(
    `insert into stays (owner_id, name, type, city) values ($1, 'Bench Hundred Rooms', 'Hotel', 'benchville') returning id`,
    [owner?.id],
  );
  const {
    rows: [type],
  } = await client.query<{ id: string }>(
    `insert into room_types (stay_id, title, price, max_people) values ($1, 'Deluxe', 2000, 2) returning id`,
    [stay?.id],
  );
  await client.query(
    `insert into room_numbers (room_type_id, stay_id, number) select $1, $2, g from generate_series(1, ${ROOMS}) g`,
    [type?.id, stay?.id],
  );
  // Every room: a two-night booking every three nights from the 1st (one in ten a live payment hold), and the
  // free third night of the first cycle blocked on one room in ten.
  const plan = (more = '') => `from room_numbers rn cross join generate_series(0, 9) k ${more} where rn.stay_id = $1`;
  // A version 4 id (as the app's own), derived so that the three inserts below agree on it.
  const id = `overlay(overlay(md5(rn.id::text || k::text) placing '4' from 13) placing '8' from 17)::uuid`;
  const checkIn = `(date_trunc('month', $2::date) + k * 3 * interval '1 day')::date`;
  await client.query(
    `insert into bookings (id, user_id, stay_id, check_in, check_out, nights, adults, amount_paise, status, hold_expires_at, hotel_name)
     select ${id}, $3, $1, ${checkIn}, ${checkIn} + 2, 2, 1, 400000,
            case when rn.number % 10 = 0 then 'pending_payment' else 'confirmed' end,
            case when rn.number % 10 = 0 then now() + interval '1 day' end, 'Bench Hundred Rooms' ${plan()}`,
    [stay?.id, today, guest.id],
  );
  await client.query(
    `insert into booking_rooms (booking_id, room_number_id, number, title, price_per_night)
     select ${id}, rn.id, rn.number, 'Deluxe', 2000 ${plan()}`,
    [stay?.id],
  );
  await client.query(
    `insert into room_nights (room_number_id, night, booking_id, stay_id)
     select rn.id, ${checkIn} + d, ${id}, $1 ${plan('cross join generate_series(0, 1) d')}`,
    [stay?.id, today],
  );
  await client.query(
    `with blk as (
       insert into room_blocks (stay_id, room_number_id, starts_on, ends_on, note, created_by)
       select $1, rn.id, date_trunc('month', $2::date)::date + 2, date_trunc('month', $2::date)::date + 3, 'Bench', $3
       from room_numbers rn where rn.stay_id = $1 and rn.number % 10 = 1 returning id, room_number_id, starts_on)
     insert into room_nights (room_number_id, night, block_id, stay_id) select room_number_id, starts_on, id, $1 from blk`,
    [stay?.id, today, owner?.id],
  );
  await client.query('analyze room_nights, bookings, room_numbers');

  const login = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'hotelier@bench.local', password: PASSWORD }),
  });
  const { adminLoginToken } = (await login.json()) as { adminLoginToken: string };
  const headers = { authorization: `Bearer ${adminLoginToken}` };
  const path = `/api/admin/stays/${stay?.id}/occupancy?month=${month}`;
  const first = await fetch(`${baseUrl}${path}`, { headers });
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
  const body = (await first.json()) as { rooms: { nights: string[] }[] };
  const states = body.rooms.flatMap((r) => r.nights);
  const count = (s: string) => states.filter((x) => x === s).length;
  if (body.rooms.length !== ROOMS || count('booked') === 0 || count('held') === 0 || count('blocked') === 0)
    throw new Error(`the occupancy answer is not the bench stay's: ${body.rooms.length} rooms`);

  const measureOn = async (name: string, url: string, connections?: number) =>
    (await load(name, { url, requests: [{ method: 'GET', path, headers }], ...(connections ? { connections } : {}) })).measure;
  const kept = await measureOn('GET /api/admin/stays/:id/occupancy (100 rooms, a month)', baseUrl);
  // One owner opening the calendar on an API process that keeps no answers: every request reads and builds the month.
  const cold = await startApi({ reuse: false });
  const fresh = await measureOn(
    'GET /api/admin/stays/:id/occupancy (100 rooms, a month, no reuse, 1 connection)',
    cold.baseUrl,
    1,
  ).finally(() => cold.stop());
  const checks: Check[] = [
    {
      what: 'occupancy calendar p99 (100 rooms × a month, 32 connections)',
      budget: '≤ 50 ms',
      measured: `${kept.p99} ms`,
      ok: kept.p99 <= 50 && kept.non2xx === 0,
    },
    {
      what: 'occupancy calendar p99, one owner, no answer kept (every request reads the month)',
      budget: '≤ 50 ms',
      measured: `${fresh.p99} ms`,
      ok: fresh.p99 <= 50 && fresh.non2xx === 0,
    },
  ];
  const row = (m: typeof kept) => `| ${m.name} | ${m.p50} | ${m.p99} | ${Math.round(m.rps)} | ${m.requests} | ${m.non2xx} |`;
  return {
    title: 'Owner',
    markdown: `A stay of ${ROOMS} rooms on the bench catalogue, ${month}: ${count('booked')} booked, ${count('held')} held and ${count('blocked')} blocked room-nights of ${states.length}; its owner reads the month's grid (rooms, nights, blocks, today's arrivals and departures). The first row is the app as it runs, 32 connections asking at once (a grid is kept for \`stayCacheMs\` and forgotten on any change to the stay's rooms or nights); the second is one owner asking again and again of a process that keeps nothing, so every request reads the month from the database and builds the grid.

| endpoint | p50 ms | p99 ms | req/s | requests | non-2xx |
|---|---|---|---|---|---|
${row(kept)}
${row(fresh)}`,
    checks,
  };
}

/**
 * The booking budgets, run by bench/run.ts on the bench catalogue:
 * - hold latency: 32 guests booking different rooms at once (POST /api/bookings), p99 ≤ 100 ms;
 * - 200 simultaneous attempts at one room-night through two API processes on one PostgreSQL:
 *   exactly 1 booking, 199 × 409, 0 × 5xx.
 */
import { LIMITS } from '../packages/shared/src/constants/domain.ts';
import type autocannon from 'autocannon';
import { addDays } from '../packages/shared/src/domain/dates.ts';
import type { BenchContext, BenchSection, Check } from './context.ts';

const CONNECTIONS = 32;
const HOLDS = Number(process.env.BENCH_HOLDS ?? 3000);
const RACERS = 200;
const WARM_UP = 500;

type Room = { id: string; stayId: string };

/** The home address of the n-th bench guest (serve.ts trusts one proxy: X-Forwarded-For is the client). */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Live rooms of live stays, spread over the catalogue, of room types a one-night hold may book (minimum 1 night). */
async function pickRooms(ctx: BenchContext, limit: number): Promise<Room[]> {
  const { rows } = await ctx.client.query<{ id: string; stay_id: string }>(
    `select rn.id, rn.stay_id from room_numbers rn
       join room_types rt on rt.id = rn.room_type_id
       join stays s on s.id = rn.stay_id
      where rn.archived_at is null and rt.archived_at is null and s.archived_at is null and rt.max_people >= 1
        and rt.min_nights = 1
      order by rn.id limit $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.id, stayId: r.stay_id }));
}

export async function runBookingBench(ctx: BenchContext): Promise<BenchSection> {
  // Nights far beyond the catalogue's booked nights, so every hold is free.
  const base = addDays(ctx.today, 200);
  const rooms = await pickRooms(ctx, 4000);
  if (rooms.length < 2) throw new Error('the bench catalogue has no rooms');
  // An account may hold at most LIMITS.maxHeldRooms rooms unpaid at once: enough guests that none reaches it.
  const guestCount = Math.ceil((WARM_UP + HOLDS) / LIMITS.maxHeldRooms) + CONNECTIONS;
  const guests = await Promise.all(Array.from({ length: guestCount }, () => ctx.newGuest()));
  let n = 0; // one count over the warm-up and the measure, so each guest's holds stay under the cap

  // 1. Hold latency: each request holds a different room (or the same room on a later night). A warm-up of
  // WARM_UP holds on later nights first, as for the searches: the figures are those of a running service.
  const holds = (firstNight: string) => {
    const first = n;
    return [
      {
        method: 'POST' as const,
        path: '/api/bookings',
        setupRequest: (req: Parameters<NonNullable<autocannon.Request['setupRequest']>>[0]) => {
          const g = n++;
          const i = g - first;
          const room = rooms[i % rooms.length] as Room;
          const checkIn = addDays(firstNight, Math.floor(i / rooms.length));
          const guest = guests[g % guests.length] as { token: string };
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${guest.token}`,
              'x-forwarded-for': addressOf(g % guests.length),
            },
            body: JSON.stringify({
              stayId: room.stayId,
              checkIn,
              checkOut: addDays(checkIn, 1),
              adults: 1,
              children: 0,
              roomNumberIds: [room.id],
            }),
          };
        },
      },
    ];
  };
  await ctx.load('warm-up (holds)', {
    url: ctx.baseUrl,
    connections: CONNECTIONS,
    amount: WARM_UP,
    requests: holds(addDays(base, 20)),
  });
  const { measure: hold } = await ctx.load('POST /api/bookings (hold, different rooms)', {
    url: ctx.baseUrl,
    connections: CONNECTIONS,
    amount: HOLDS,
    requests: holds(base),
  });

  // 2. The race: 200 guests, one room-night, two API processes.
  const second = await ctx.startApi();
  let codes: number[] = [];
  let held = 0;
  let kept = 0;
  try {
    const racers = await Promise.all(Array.from({ length: RACERS }, () => ctx.newGuest()));
    const target = rooms[rooms.length - 1] as Room;
    const checkIn = addDays(ctx.today, 250);
    const body = JSON.stringify({
      stayId: target.stayId,
      checkIn,
      checkOut: addDays(checkIn, 1),
      adults: 1,
      children: 0,
      roomNumberIds: [target.id],
    });
    const urls = [ctx.baseUrl, second.baseUrl];
    codes = await Promise.all(
      racers.map((g, i) =>
        fetch(`${urls[i % 2]}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${g.token}`, 'x-forwarded-for': addressOf(i) },
          body,
        })
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          })
          .catch(() => 599),
      ),
    );
    held = Number(
      (
        await ctx.client.query<{ n: string }>('select count(*) as n from room_nights where room_number_id = $1 and night = $2', [
          target.id,
          checkIn,
        ])
      ).rows[0]?.n ?? 0,
    );
    kept = Number(
      (
        await ctx.client.query<{ n: string }>(
          `select count(distinct b.id) as n from bookings b join booking_rooms br on br.booking_id = b.id
            where br.room_number_id = $1 and b.check_in = $2`,
          [target.id, checkIn],
        )
      ).rows[0]?.n ?? 0,
    );
  } finally {
    await second.stop();
  }
  const created = codes.filter((c) => c === 201).length;
  const conflicts = codes.filter((c) => c === 409).length;
  const failures = codes.filter((c) => c >= 500).length;
  const other = codes.length - created - conflicts - failures;

  const checks: Check[] = [
    {
      what: `booking hold p99, ${CONNECTIONS} connections of guests booking different rooms`,
      budget: '≤ 100 ms',
      measured: `${hold.p99} ms`,
      ok: hold.p99 <= 100 && hold.non2xx === 0 && hold.errors === 0,
    },
    {
      what: `${RACERS} simultaneous attempts at one room-night, two API processes`,
      budget: `1 booking, ${RACERS - 1} × 409, 0 × 5xx`,
      measured: `${created} × 201, ${conflicts} × 409, ${failures} × 5xx, ${other} other; ${held} night row, ${kept} booking`,
      ok: created === 1 && conflicts === RACERS - 1 && failures === 0 && other === 0 && held === 1 && kept === 1,
    },
  ];
  const markdown = `Holds: ${hold.requests} bookings on ${CONNECTIONS} connections at once, each for a different room-night, after ${WARM_UP} warm-up holds,
spread over ${guests.length} guests so that none reaches the cap on rooms held unpaid (POST /api/bookings: rooms checked
and priced from the database, sandbox order created, then one statement that is its own transaction: the account's and
the address's locks, what each holds counted, and the booking, its rooms and its room_nights stored; ADR 048).
p50 ${hold.p50} ms, p99 ${hold.p99} ms, ${Math.round(hold.rps)} holds/s, non-2xx ${hold.non2xx}, errors ${hold.errors}.

Race: ${RACERS} guests posted the same room-night at the same moment, alternating between two API processes on the same
PostgreSQL database: ${created} × 201, ${conflicts} × 409, ${failures} × 5xx${other ? `, ${other} other` : ''}. The database holds
${held} room_nights row and ${kept} booking for that room and night.`;
  return { title: 'Booking', markdown, checks };
}

export default runBookingBench;

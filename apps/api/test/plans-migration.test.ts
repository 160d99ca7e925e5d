import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// Migration 0040 (ADR 065): every room type sells through a standard plan, room only, under its stay's policy, priced
// by the room type's own prices; every booking room made before is linked to it; a room type made later gets its
// own. Run on a fresh embedded database: the migrations before it, rows of today's bookings, then it.

const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const files = readdirSync(dir)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

describe('migration 0040: a standard plan for every room type, bookings linked to it', () => {
  it('gives each room type (archived ones too, archived) a standard EP plan and links the rooms booked before', async () => {
    const pg = new PGlite();
    for (const f of files.filter((f) => f < '0040')) await run(pg, f);
    const one = async <T>(sql: string, params: unknown[] = []) => (await pg.query<T>(sql, params)).rows[0] as T;
    const { id: owner } = await one<{ id: string }>(
      `insert into users (first_name, last_name, email, mobile, password_hash, is_admin)
       values ('O', 'W', 'o@x.in', '9000000000', 'x', true) returning id`,
    );
    const { id: stay } = await one<{ id: string }>(
      `insert into stays (owner_id, name, type, city) values ($1, 'Lake View', 'Hotel', 'goa') returning id`,
      [owner],
    );
    const type = async (title: string, archived: boolean) =>
      (
        await one<{ id: string }>(
          `insert into room_types (stay_id, title, price, max_people, archived_at) values ($1, $2, 2500, 2, $3) returning id`,
          [stay, title, archived ? new Date() : null],
        )
      ).id;
    const deluxe = await type('Deluxe', false);
    const old = await type('Old', true);
    const { id: room } = await one<{ id: string }>(
      `insert into room_numbers (room_type_id, stay_id, number) values ($1, $2, 101) returning id`,
      [deluxe, stay],
    );
    const { id: booking } = await one<{ id: string }>(
      `insert into bookings (user_id, stay_id, check_in, check_out, nights, adults, amount_paise, hotel_name)
       values ($1, $2, '2027-01-10', '2027-01-12', 2, 2, 500000, 'Lake View') returning id`,
      [owner, stay],
    );
    await pg.query(
      `insert into booking_rooms (booking_id, room_number_id, number, title, price_per_night, nightly_prices)
       values ($1, $2, 101, 'Deluxe', 2500, '{2500,2500}')`,
      [booking, room],
    );

    for (const f of files.filter((f) => f >= '0040')) await run(pg, f);
    const plans = (
      await pg.query<{
        room_type_id: string;
        name: string;
        meal_plan: string;
        standard: boolean;
        archived: boolean;
        policy: unknown;
      }>(
        `select room_type_id, name, meal_plan, standard, archived_at is not null as archived, cancellation_policy as policy
         from rate_plans order by name, archived_at nulls first`,
      )
    ).rows;
    expect(plans).toEqual([
      { room_type_id: deluxe, name: 'Standard', meal_plan: 'EP', standard: true, archived: false, policy: null },
      { room_type_id: old, name: 'Standard', meal_plan: 'EP', standard: true, archived: true, policy: null },
    ]);
    const linked = await one<{
      plan: string;
      rate_plan_id: string;
      plan_name: string;
      meal_plan: string;
      nightly_prices: number[];
    }>(
      `select p.room_type_id as plan, br.rate_plan_id, br.plan_name, br.meal_plan, br.nightly_prices
       from booking_rooms br join rate_plans p on p.id = br.rate_plan_id where br.booking_id = $1`,
      [booking],
    );
    expect(linked).toMatchObject({ plan: deluxe, plan_name: 'Standard', meal_plan: 'EP', nightly_prices: [2500, 2500] });
    // A room type made later comes with its standard plan.
    const suite = await type('Suite', false);
    expect((await pg.query(`select 1 from rate_plans where room_type_id = $1 and standard`, [suite])).rows).toHaveLength(1);
    await pg.close();
  });
});

import type pg from 'pg';

/** 50 cities: the home page's four first, then other places travellers go in India. */
export const BENCH_CITIES = [
  'bengaluru',
  'chennai',
  'hyderabad',
  'vizag',
  'mumbai',
  'delhi',
  'kolkata',
  'pune',
  'jaipur',
  'goa',
  'kochi',
  'mysuru',
  'ooty',
  'udaipur',
  'agra',
  'varanasi',
  'shimla',
  'manali',
  'rishikesh',
  'darjeeling',
  'gangtok',
  'shillong',
  'amritsar',
  'chandigarh',
  'lucknow',
  'bhopal',
  'indore',
  'nagpur',
  'ahmedabad',
  'surat',
  'vadodara',
  'coimbatore',
  'madurai',
  'puducherry',
  'thiruvananthapuram',
  'mangaluru',
  'hampi',
  'munnar',
  'alleppey',
  'leh',
  'srinagar',
  'dehradun',
  'nainital',
  'jodhpur',
  'jaisalmer',
  'pushkar',
  'khajuraho',
  'bhubaneswar',
  'puri',
  'guwahati',
] as const;

export const CATALOGUE = { stays: 5_000, roomTypesPerStay: 4, roomsPerType: 5, bookingsPerRoom: 3 } as const;

/**
 * The bench catalogue, built with set-based SQL (generate_series): 5,000 stays in 50 cities, 20,000 room types,
 * 100,000 room numbers and about 1,000,000 booked nights (3 confirmed bookings of 3–4 nights per room in the next
 * 120 days), weekend prices and minimum nights on a share of room types and seasons on a fifth of the stays.
 * Returns the row counts.
 */
export async function buildCatalogue(client: pg.Client, ownerId: string, guestId: string, today: string) {
  const cities = `array[${BENCH_CITIES.map((c) => `'${c}'`).join(',')}]`;
  await client.query('begin');
  // The rows are generated consistent with each other: skip the per-row foreign-key triggers while loading.
  await client.query(`set local session_replication_role = replica`);
  await client.query(`set local synchronous_commit = off`);
  await client.query(
    `
    insert into stays (owner_id, name, type, title, address, city, distance, description, overview, lowest_price,
                       amenities, rating, experience, featured)
    select $1::uuid,
           initcap((${cities})[1 + (g % 50)]) || ' ' || (array['Grand','Royal','Palm','Lake','Hill','Heritage','Garden','Sea'])[1 + (g % 8)] || ' ' || g,
           (array['Hotel','Villa','Resort','Cottage','Cabin'])[1 + ((g / 50) % 5)],
           'Stay ' || g, g || ' Main Road', (${cities})[1 + (g % 50)], ((g * 37) % 250) / 10.0,
           'A comfortable stay near the centre', 'Rooms, food and a friendly welcome.', 1000,
           case g % 4 when 0 then array['Free Wifi','Breakfast','Parking'] when 1 then array['Free Wifi','Spa','Gym']
                      when 2 then array['Breakfast','Cab service'] else array['Free Wifi','Breakfast','Spa','Gym','Parking','Cab service'] end,
           5 + ((g * 13) % 50) / 10.0,
           (array['Poor','Average','Good','Satisfactory','Excellent'])[1 + (g % 5)],
           g % 100 = 0
    from generate_series(1, $2::int) g`,
    [ownerId, CATALOGUE.stays],
  );
  await client.query(
    `
    insert into room_types (stay_id, title, description, price, max_people)
    select s.id, (array['Standard','Deluxe','Family','Suite'])[t], 'A room with a view',
           800 + ((abs(hashtext(s.id::text)) + t * 7) % 40) * 100 + (t - 1) * 1500,
           (array[1, 2, 3, 4])[t]
    from stays s cross join generate_series(1, $1::int) t`,
    [CATALOGUE.roomTypesPerStay],
  );
  // Each room type's standard plan (ADR 065), which the room_types trigger would add: triggers are off while the
  // catalogue is loaded.
  await client.query(`
    insert into rate_plans (room_type_id, stay_id, name, meal_plan, standard)
    select id, stay_id, 'Standard', 'EP', true from room_types`);
  // Prices by date: a weekend price on a third of the room types, two minimum nights on a tenth, and on a fifth of
  // the stays a 10-night season every 30 days (a higher price, a weekend price on half of them, 3 minimum nights on
  // every third).
  await client.query(`
    update room_types set weekend_price = case when abs(hashtext(id::text)) % 3 = 0 then price + 500 + (abs(hashtext(id::text)) % 10) * 100 end,
                          min_nights = case when abs(hashtext(id::text)) % 10 = 1 then 2 else 1 end`);
  await client.query(
    `
    insert into room_type_rates (room_type_id, stay_id, starts_on, ends_on, price, weekend_price, min_nights)
    select rt.id, rt.stay_id, $1::date + k * 30 + 5, $1::date + k * 30 + 14, rt.price + 1000,
           case when k % 2 = 0 then rt.price + 1800 end, case when k % 3 = 1 then 3 end
    from room_types rt cross join generate_series(0, 5) k
    where abs(hashtext(rt.stay_id::text)) % 5 = 0`,
    [today],
  );
  await client.query(
    `
    insert into room_numbers (room_type_id, stay_id, number)
    select rt.id, rt.stay_id, (array[1, 2, 3, 4])[rt.max_people] * 100 + n
    from room_types rt cross join generate_series(1, $1::int) n`,
    [CATALOGUE.roomsPerType],
  );
  await client.query(
    `
    create temp table plan on commit drop as
    select gen_random_uuid() as booking_id, rn.id as room_number_id, rn.stay_id,
           ($1::date + (k * 40 + (abs(hashtext(rn.id::text)) % 36))) as check_in,
           3 + ((abs(hashtext(rn.id::text)) + k) % 2) as nights
    from room_numbers rn cross join generate_series(0, $2::int - 1) k`,
    [today, CATALOGUE.bookingsPerRoom],
  );
  await client.query(
    `
    insert into bookings (id, user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, status,
                          provider, provider_order_id, provider_payment_id, hotel_name, hold_expires_at)
    select p.booking_id, $1::uuid, p.stay_id, p.check_in, p.check_in + p.nights, p.nights, 2, 0, 250000 * p.nights,
           'confirmed', 'sandbox', 'order_' || replace(p.booking_id::text, '-', ''), 'pay_' || replace(p.booking_id::text, '-', ''),
           'Bench stay', now() - interval '1 hour'
    from plan p`,
    [guestId],
  );
  await client.query(`
    insert into booking_rooms (booking_id, room_number_id, number, title, price_per_night)
    select p.booking_id, p.room_number_id, 0, 'Room', 2500 from plan p`);
  await client.query(`
    insert into room_nights (room_number_id, night, booking_id, stay_id, room_type_id, blocks_until)
    select p.room_number_id, p.check_in + d, p.booking_id, p.stay_id, rn.room_type_id, 'infinity'
    from plan p join room_numbers rn on rn.id = p.room_number_id cross join lateral generate_series(0, p.nights - 1) d`);
  // The triggers that keep what a search reads were skipped with the others: count the rooms once, as they would.
  await client.query('select staybook_count_live_rooms(null)');
  await client.query('commit');
  // A database in service has been vacuumed and checkpointed since its rows were written: do both now, so that
  // autovacuum's first pass over a million new rows and the checkpoint of the bulk load do not land in the
  // measurements.
  await client.query('vacuum (analyze)');
  await client.query('checkpoint');
  const counts = await client.query<{ stays: string; rooms: string; nights: string; bookings: string }>(`
    select (select count(*) from stays) as stays, (select count(*) from room_numbers) as rooms,
           (select count(*) from room_nights) as nights, (select count(*) from bookings) as bookings`);
  const c = counts.rows[0];
  return { stays: Number(c?.stays), rooms: Number(c?.rooms), nights: Number(c?.nights), bookings: Number(c?.bookings) };
}

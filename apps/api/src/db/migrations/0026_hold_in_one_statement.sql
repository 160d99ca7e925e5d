-- A hold is taken in one statement, its own transaction (ADR 048): the account's and the address's locks, what they
-- already hold counted after the locks are granted, the caps checked, then the booking, its rooms, its nights and
-- the billing address stored. It was five round trips inside a transaction (begin, locks, count, insert, commit),
-- each one a wait while the locks were held.

-- What one account holds unpaid right now: rooms, and room-nights, over all its live holds. Read through
-- bookings_user_holds_idx (the account's pending bookings), so its cost does not grow with everyone else's holds.
-- A plain SQL function: it is inlined into the statement that calls it, with its plan.
CREATE FUNCTION staybook_held_by(p_user uuid, p_now timestamptz) RETURNS TABLE (rooms integer, room_nights integer)
LANGUAGE sql STABLE AS $$
  select count(*)::int, coalesce(sum(b.nights), 0)::int
  from bookings b join booking_rooms br on br.booking_id = b.id
  where b.user_id = p_user and b.status = 'pending_payment' and b.hold_expires_at > p_now
$$;--> statement-breakpoint

-- What one address holds unpaid in a city on the nights from p_from to p_to: the most rooms on any one of those
-- nights, of the stay and of the city. Read through bookings_ip_holds_idx (the address's pending bookings on the
-- dates), so its cost is that of the address's own holds (ADR 024).
CREATE FUNCTION staybook_held_from(p_address text, p_stay uuid, p_city text, p_from date, p_to date, p_now timestamptz)
RETURNS TABLE (stay_rooms integer, city_rooms integer)
LANGUAGE sql STABLE AS $$
  select coalesce(max(x.stay_rooms), 0)::int, coalesce(max(x.city_rooms), 0)::int
  from (
    select rn.night, count(*) filter (where b.stay_id = p_stay) as stay_rooms, count(*) as city_rooms
    from bookings b
    join stays s on s.id = b.stay_id
    join room_nights rn on rn.booking_id = b.id
    where b.hold_ip = p_address and b.status = 'pending_payment' and b.check_in < p_to
      and b.check_out > p_from and b.hold_expires_at > p_now
      and s.city = p_city and rn.night >= p_from and rn.night < p_to
    group by rn.night) x
$$;--> statement-breakpoint

-- Takes a hold, or says which cap it would pass and stores nothing. `h` is the booking (bookings' columns in camel
-- case), its rooms (`rooms`: room_number_id, number, title, price_per_night, nightly_prices), its room ids in order
-- (`roomIds`) and nights (`nightList`), `saveAddress`, and the caps: `maxRooms` and `maxRoomNights` of one account,
-- `minShare` (rooms any address may hold), and the address's share of the stay and of the city (`stayShare`,
-- `cityShare`), which may be left out while the hold stays within `minShare`.
-- Returns 'held', or 'rooms', 'room_nights', 'stay_share', 'city_share' (a cap), or 'shares' (the shares are needed).
-- A night another booking has raises the primary-key violation of room_nights; the rooms and nights are stored in
-- (room, night) order, so two overlapping holds never wait on each other in a cycle.
-- plpgsql reads each statement with a snapshot of its own: the counts see every hold committed before the locks were
-- granted to this one.
CREATE FUNCTION staybook_hold(h jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid := (h->>'id')::uuid;
  v_user uuid := (h->>'userId')::uuid;
  v_stay uuid := (h->>'stayId')::uuid;
  v_address text := h->>'holdIp';
  v_from date := (h->>'checkIn')::date;
  v_to date := (h->>'checkOut')::date;
  v_now timestamptz := (h->>'createdAt')::timestamptz;
  v_rooms integer := jsonb_array_length(h->'roomIds');
  v_nights integer := jsonb_array_length(h->'nightList');
  by_account record;
  from_address record;
BEGIN
  -- One account's holds one at a time, and one address's (always the account first).
  PERFORM pg_advisory_xact_lock(hashtextextended('staybook:holds:' || v_user::text, 0)),
          pg_advisory_xact_lock(hashtextextended('staybook:address-holds:' || v_address, 0));
  SELECT * INTO by_account FROM staybook_held_by(v_user, v_now);
  IF by_account.rooms + v_rooms > (h->>'maxRooms')::integer THEN RETURN 'rooms'; END IF;
  IF by_account.room_nights + v_rooms * v_nights > (h->>'maxRoomNights')::integer THEN RETURN 'room_nights'; END IF;
  SELECT * INTO from_address FROM staybook_held_from(v_address, v_stay, h->>'city', v_from, v_to, v_now);
  IF greatest(from_address.stay_rooms, from_address.city_rooms) + v_rooms > (h->>'minShare')::integer THEN
    IF h->>'stayShare' IS NULL OR h->>'cityShare' IS NULL THEN RETURN 'shares'; END IF;
    IF from_address.stay_rooms + v_rooms > (h->>'stayShare')::integer THEN RETURN 'stay_share'; END IF;
    IF from_address.city_rooms + v_rooms > (h->>'cityShare')::integer THEN RETURN 'city_share'; END IF;
  END IF;

  INSERT INTO bookings (id, user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, currency,
                        status, hold_expires_at, provider, provider_order_id, hotel_name, created_at, updated_at,
                        guest_gstin, guest_company, guest_address, guest_pin, guest_state, cancellation_policy, hold_ip)
  VALUES (v_id, v_user, v_stay, v_from, v_to, (h->>'nights')::integer, (h->>'adults')::integer,
          (h->>'children')::integer, (h->>'amountPaise')::bigint, h->>'currency', h->>'status',
          (h->>'holdExpiresAt')::timestamptz, h->>'provider', h->>'providerOrderId', h->>'hotelName', v_now, v_now,
          h->>'guestGstin', h->>'guestCompany', h->>'guestAddress', h->>'guestPin', h->>'guestState',
          nullif(h->'cancellationPolicy', 'null'::jsonb), v_address);
  IF (h->>'saveAddress')::boolean THEN
    UPDATE users SET billing_address = h->>'guestAddress', billing_pin = h->>'guestPin',
                     billing_state = h->>'guestState', updated_at = v_now
    WHERE id = v_user AND (billing_address IS NULL OR billing_pin IS NULL OR billing_state IS NULL);
  END IF;
  INSERT INTO booking_rooms (booking_id, room_number_id, number, title, price_per_night, nightly_prices)
  SELECT v_id, r.room_number_id, r.number, r.title, r.price_per_night,
         array(SELECT x.price::integer FROM jsonb_array_elements_text(r.nightly_prices) WITH ORDINALITY AS x(price, i)
               ORDER BY x.i)
  FROM jsonb_to_recordset(h->'rooms')
    AS r(room_number_id uuid, number integer, title text, price_per_night integer, nightly_prices jsonb);
  INSERT INTO room_nights (room_number_id, night, booking_id, stay_id)
  SELECT r.id::uuid, n.night::date, v_id, v_stay
  FROM jsonb_array_elements_text(h->'roomIds') WITH ORDINALITY AS r(id, i),
       jsonb_array_elements_text(h->'nightList') WITH ORDINALITY AS n(night, j)
  ORDER BY r.i, n.j;
  RETURN 'held';
END $$;

-- A hold reports the stay it changed after its commit, not in it (ADR 058). PostgreSQL commits the transactions that
-- send a notification one at a time, each holding one lock for the whole server until its commit is on disk: holds
-- that each sent one queued behind each other's disk flush and never committed together. A hold now leaves its stay in
-- stay_changes_unreported, in its own transaction, and reports it once committed; what a hold left unreported (its
-- process stopped in between) is reported a few seconds later by any API process.

-- Unlogged: nothing here is written to the WAL, and a server that crashes loses it along with every listener's
-- connection, whose processes then drop what they kept (ADR 006).
CREATE UNLOGGED TABLE stay_changes_unreported (
  booking_id uuid NOT NULL,
  stay_id uuid NOT NULL,
  city text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX stay_changes_unreported_booking_idx ON stay_changes_unreported (booking_id);--> statement-breakpoint

-- Room-nights changed by a statement while `staybook.report_later` names a booking are left for that booking's report;
-- any others are reported in the transaction, as before.
CREATE OR REPLACE FUNCTION staybook_rooms_notify_nights() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  later uuid := nullif(current_setting('staybook.report_later', true), '')::uuid;
BEGIN
  IF later IS NOT NULL THEN
    INSERT INTO stay_changes_unreported (booking_id, stay_id, city)
    SELECT later, s.id, s.city
    FROM (SELECT DISTINCT stay_id FROM changed) c JOIN stays s ON s.id = c.stay_id;
    RETURN NULL;
  END IF;
  PERFORM pg_notify('staybook_rooms', x.id::text || ' ' || x.city)
  FROM (
    SELECT DISTINCT s.id, s.city
    FROM (SELECT DISTINCT stay_id FROM changed) c JOIN stays s ON s.id = c.stay_id
  ) x;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- Reports the stays left unreported: those of one booking (its hold, just committed), or those left longer than
-- `p_older_than` ago (by a hold whose process stopped before reporting). Its transaction stores nothing that must
-- survive a crash, so its commit does not wait for the disk and holds the notification lock only briefly. Returns how
-- many stays it reported.
CREATE FUNCTION staybook_report_stay_changes(p_booking uuid, p_older_than interval) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  reported integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH gone AS (
    DELETE FROM stay_changes_unreported
    WHERE (p_booking IS NULL OR booking_id = p_booking) AND (p_older_than IS NULL OR changed_at < now() - p_older_than)
    RETURNING stay_id, city
  )
  SELECT count(pg_notify('staybook_rooms', x.stay_id::text || ' ' || x.city)) INTO reported
  FROM (SELECT DISTINCT stay_id, city FROM gone) x;
  RETURN reported;
END $$;--> statement-breakpoint

-- staybook_hold as in 0026, its nights left for its report (staybook_report_stay_changes, once committed).
CREATE OR REPLACE FUNCTION staybook_hold(h jsonb) RETURNS text LANGUAGE plpgsql AS $$
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
  PERFORM set_config('staybook.report_later', v_id::text, true);
  INSERT INTO room_nights (room_number_id, night, booking_id, stay_id)
  SELECT r.id::uuid, n.night::date, v_id, v_stay
  FROM jsonb_array_elements_text(h->'roomIds') WITH ORDINALITY AS r(id, i),
       jsonb_array_elements_text(h->'nightList') WITH ORDINALITY AS n(night, j)
  ORDER BY r.i, n.j;
  PERFORM set_config('staybook.report_later', '', true);
  RETURN 'held';
END $$;

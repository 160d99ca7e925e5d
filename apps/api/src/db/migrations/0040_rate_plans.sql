CREATE TABLE "rate_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_type_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"name" text NOT NULL,
	"meal_plan" text DEFAULT 'EP' NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"cancellation_policy" jsonb,
	"parent_id" uuid,
	"adjust_kind" text,
	"adjust_value" integer DEFAULT 0 NOT NULL,
	"single_less" integer DEFAULT 0 NOT NULL,
	"extra_adult" integer DEFAULT 0 NOT NULL,
	"child_price" integer DEFAULT 0 NOT NULL,
	"infant_price" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_standard_own_prices" CHECK (("rate_plans"."standard" and "rate_plans"."parent_id" is null and "rate_plans"."adjust_kind" is null) or (not "rate_plans"."standard" and "rate_plans"."parent_id" is not null and "rate_plans"."adjust_kind" is not null)),
	CONSTRAINT "rate_plans_occupancy" CHECK ("rate_plans"."single_less" >= 0 and "rate_plans"."extra_adult" >= 0 and "rate_plans"."child_price" >= 0 and "rate_plans"."infant_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "rate_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "plan_name" text;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "meal_plan" text;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_plans_type_live_idx" ON "rate_plans" USING btree ("room_type_id","adjust_kind","adjust_value","single_less","extra_adult","child_price","infant_price") WHERE "rate_plans"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "rate_plans_stay_idx" ON "rate_plans" USING btree ("stay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_one_standard_key" ON "rate_plans" USING btree ("room_type_id") WHERE "rate_plans"."standard" and "rate_plans"."archived_at" is null;--> statement-breakpoint
-- Every room type sells through a standard plan, room only, priced by its own prices (room_types and its seasons)
-- and under its stay's policy (null: the stay's); bookings made before plans are linked to it (ADR 065).
INSERT INTO "rate_plans" ("room_type_id", "stay_id", "name", "meal_plan", "standard", "archived_at")
SELECT t."id", t."stay_id", 'Standard', 'EP', true, t."archived_at" FROM "room_types" t;--> statement-breakpoint
UPDATE "booking_rooms" br SET "rate_plan_id" = p."id", "plan_name" = p."name", "meal_plan" = p."meal_plan"
FROM "room_numbers" n JOIN "rate_plans" p ON p."room_type_id" = n."room_type_id" AND p."standard"
WHERE n."id" = br."room_number_id";--> statement-breakpoint
-- A room type made from now on gets its standard plan with it, whoever makes it.
CREATE FUNCTION staybook_room_type_standard_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rate_plans (room_type_id, stay_id, name, meal_plan, standard) VALUES (NEW.id, NEW.stay_id, 'Standard', 'EP', true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER room_types_standard_plan AFTER INSERT ON room_types FOR EACH ROW EXECUTE FUNCTION staybook_room_type_standard_plan();
--> statement-breakpoint
-- staybook_hold as in 0033, each room stored with the plan it is sold under (ADR 065).
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
  INSERT INTO booking_rooms (booking_id, room_number_id, number, title, price_per_night, nightly_prices, rate_plan_id,
                             plan_name, meal_plan)
  SELECT v_id, r.room_number_id, r.number, r.title, r.price_per_night,
         array(SELECT x.price::integer FROM jsonb_array_elements_text(r.nightly_prices) WITH ORDINALITY AS x(price, i)
               ORDER BY x.i),
         r.rate_plan_id, r.plan_name, r.meal_plan
  FROM jsonb_to_recordset(h->'rooms')
    AS r(room_number_id uuid, number integer, title text, price_per_night integer, nightly_prices jsonb,
         rate_plan_id uuid, plan_name text, meal_plan text);
  PERFORM set_config('staybook.report_later', v_id::text, true);
  INSERT INTO room_nights (room_number_id, night, booking_id, stay_id)
  SELECT r.id::uuid, n.night::date, v_id, v_stay
  FROM jsonb_array_elements_text(h->'roomIds') WITH ORDINALITY AS r(id, i),
       jsonb_array_elements_text(h->'nightList') WITH ORDINALITY AS n(night, j)
  ORDER BY r.i, n.j;
  PERFORM set_config('staybook.report_later', '', true);
  RETURN 'held';
END $$;

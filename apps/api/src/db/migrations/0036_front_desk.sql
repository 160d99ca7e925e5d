CREATE TABLE "guest_ids" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"id_type" text NOT NULL,
	"sealed" text,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erase_after" timestamp with time zone,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_housekeeping" (
	"room_number_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"block_id" uuid,
	"out_of_order_until" date,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_desk_collections" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"settlement_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_mobile" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "taken_by" uuid;--> statement-breakpoint
ALTER TABLE "guest_ids" ADD CONSTRAINT "guest_ids_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_ids" ADD CONSTRAINT "guest_ids_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_housekeeping" ADD CONSTRAINT "room_housekeeping_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_housekeeping" ADD CONSTRAINT "room_housekeeping_block_id_room_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."room_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_housekeeping" ADD CONSTRAINT "room_housekeeping_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_desk_collections" ADD CONSTRAINT "settlement_desk_collections_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_desk_collections" ADD CONSTRAINT "settlement_desk_collections_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_desk_collections" ADD CONSTRAINT "settlement_desk_collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_desk_collections" ADD CONSTRAINT "settlement_desk_collections_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_ids_erase_idx" ON "guest_ids" USING btree ("erase_after");--> statement-breakpoint
CREATE INDEX "settlement_desk_collections_settlement_idx" ON "settlement_desk_collections" USING btree ("settlement_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_desk_guest_check" CHECK ("bookings"."source" = 'online' or ("bookings"."guest_name" is not null and "bookings"."guest_mobile" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_arrival_confirmed_check" CHECK ("bookings"."arrival" is null or "bookings"."status" = 'confirmed');--> statement-breakpoint
-- Erasing a guest's ID number is the one change a guest_ids row takes besides its erase time (ADR 064).
CREATE FUNCTION "guest_ids_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'guest IDs are erased, never deleted'; END IF;
  IF NEW.booking_id <> OLD.booking_id OR NEW.id_type <> OLD.id_type OR NEW.recorded_by <> OLD.recorded_by
     OR NEW.recorded_at <> OLD.recorded_at OR (NEW.sealed IS NOT NULL AND NEW.sealed IS DISTINCT FROM OLD.sealed)
     OR (OLD.erased_at IS NOT NULL AND NEW.erased_at IS DISTINCT FROM OLD.erased_at) THEN
    RAISE EXCEPTION 'a guest ID is only erased';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "guest_ids_guarded" BEFORE UPDATE OR DELETE ON "guest_ids"
  FOR EACH ROW EXECUTE FUNCTION "guest_ids_guard"();--> statement-breakpoint
-- Desk deductions are money records like the settlements they belong to: never changed or deleted.
CREATE FUNCTION "settlement_desk_collections_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement desk collections are never changed or deleted';
END $$;--> statement-breakpoint
CREATE TRIGGER "settlement_desk_collections_append_only" BEFORE UPDATE OR DELETE ON "settlement_desk_collections"
  FOR EACH ROW EXECUTE FUNCTION "settlement_desk_collections_immutable"();

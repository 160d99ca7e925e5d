DROP INDEX "room_nights_stay_night_idx";--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "blocks_until" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "room_nights_stay_night_idx" ON "room_nights" USING btree ("stay_id","night","room_number_id","blocks_until");--> statement-breakpoint
-- Until when a booking's nights block their rooms, by its status and hold expiry (one definition for the backfill,
-- the trigger and the hold statement).
CREATE FUNCTION staybook_blocks_until(status text, hold_expires_at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'confirmed' THEN 'infinity'::timestamptz
    WHEN status = 'pending_payment' THEN coalesce(hold_expires_at, '-infinity'::timestamptz)
    ELSE '-infinity'::timestamptz
  END
$$;--> statement-breakpoint
UPDATE "room_nights" n SET "blocks_until" = staybook_blocks_until(b."status", b."hold_expires_at")
FROM "bookings" b WHERE b."id" = n."booking_id";--> statement-breakpoint
-- A booking whose status or hold expiry changes carries its nights along, in the same transaction.
CREATE FUNCTION staybook_nights_block_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_nights SET blocks_until = staybook_blocks_until(NEW.status, NEW.hold_expires_at)
  WHERE booking_id = NEW.id AND blocks_until IS DISTINCT FROM staybook_blocks_until(NEW.status, NEW.hold_expires_at);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_nights_block_until AFTER UPDATE OF status, hold_expires_at ON bookings
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at)
EXECUTE FUNCTION staybook_nights_block_until();--> statement-breakpoint
-- A night stored for a booking takes its blocks_until from the booking, whoever writes it.
CREATE FUNCTION staybook_night_blocks_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocks_until := coalesce(
    (SELECT staybook_blocks_until(b.status, b.hold_expires_at) FROM bookings b WHERE b.id = NEW.booking_id),
    NEW.blocks_until);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER room_nights_block_until BEFORE INSERT ON room_nights
FOR EACH ROW EXECUTE FUNCTION staybook_night_blocks_until();

DROP INDEX "room_nights_stay_night_idx";--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "blocks_until" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "room_type_id" uuid;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "live_rooms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "room_types_stay_live_idx" ON "room_types" USING btree ("stay_id","max_people","id","price","live_rooms") WHERE "room_types"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "room_nights_stay_night_idx" ON "room_nights" USING btree ("stay_id","night","room_number_id","blocks_until","room_type_id");--> statement-breakpoint
-- What a search reads instead of the bookings and every room (ADR 014), all kept by the database:
-- room_nights.blocks_until (until when the night blocks its room), room_nights.room_type_id (the room's type) and
-- room_types.live_rooms (its live room numbers).
-- Until when a booking's nights block their rooms, by its status and hold expiry (one definition for the backfill
-- and the triggers).
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
UPDATE "room_nights" n SET "room_type_id" = r."room_type_id" FROM "room_numbers" r WHERE r."id" = n."room_number_id";--> statement-breakpoint
-- A night, whoever writes it, takes its room's type and its booking's blocks_until. (A night of a room that is
-- gone keeps a null type until its foreign key refuses it.)
CREATE FUNCTION staybook_night_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.room_type_id := (SELECT r.room_type_id FROM room_numbers r WHERE r.id = NEW.room_number_id);
  NEW.blocks_until := coalesce(
    (SELECT staybook_blocks_until(b.status, b.hold_expires_at) FROM bookings b WHERE b.id = NEW.booking_id),
    NEW.blocks_until);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER room_nights_fill BEFORE INSERT ON room_nights
FOR EACH ROW EXECUTE FUNCTION staybook_night_fill();--> statement-breakpoint
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
-- Recounts the live room numbers of the given room types (all of them when null).
CREATE FUNCTION staybook_count_live_rooms(type_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE room_types t SET live_rooms = c.n
  FROM (
    SELECT t2.id, count(r.id)::int AS n
    FROM room_types t2 LEFT JOIN room_numbers r ON r.room_type_id = t2.id AND r.archived_at IS NULL
    WHERE type_ids IS NULL OR t2.id = ANY(type_ids)
    GROUP BY t2.id
  ) c
  WHERE t.id = c.id AND t.live_rooms IS DISTINCT FROM c.n
$$;--> statement-breakpoint
SELECT staybook_count_live_rooms(NULL);--> statement-breakpoint
CREATE FUNCTION staybook_room_numbers_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staybook_count_live_rooms(ARRAY(SELECT DISTINCT room_type_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM staybook_count_live_rooms(ARRAY(SELECT DISTINCT room_type_id FROM old_rows));
  ELSE
    PERFORM staybook_count_live_rooms(ARRAY(
      SELECT room_type_id FROM new_rows UNION SELECT room_type_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER room_numbers_count_insert AFTER INSERT ON room_numbers
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staybook_room_numbers_count();--> statement-breakpoint
CREATE TRIGGER room_numbers_count_update AFTER UPDATE ON room_numbers
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staybook_room_numbers_count();--> statement-breakpoint
CREATE TRIGGER room_numbers_count_delete AFTER DELETE ON room_numbers
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staybook_room_numbers_count();

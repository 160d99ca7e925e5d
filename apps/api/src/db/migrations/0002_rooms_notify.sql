-- Every API process keeps what it has answered about stays for a short time (search results, a stay's details, its
-- room availability) and forgets the answers about a stay and its city when told on this channel, with the payload
-- '<stay id> <city>': any change to the stay's room-nights (a hold, a release, a cancellation, a payment taking
-- nights again), its room numbers, its room types or the stay itself (ADR 006).
CREATE FUNCTION staybook_rooms_notify_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staybook_rooms', x.id::text || ' ' || x.city)
  FROM (
    SELECT DISTINCT s.id, s.city
    FROM changed c JOIN room_numbers rn ON rn.id = c.room_number_id JOIN stays s ON s.id = rn.stay_id
  ) x;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER room_nights_insert_notify AFTER INSERT ON room_nights
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION staybook_rooms_notify_nights();
--> statement-breakpoint
CREATE TRIGGER room_nights_update_notify AFTER UPDATE ON room_nights
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION staybook_rooms_notify_nights();
--> statement-breakpoint
CREATE TRIGGER room_nights_delete_notify AFTER DELETE ON room_nights
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION staybook_rooms_notify_nights();
--> statement-breakpoint
CREATE FUNCTION staybook_rooms_notify_room() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_stay uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_stay := OLD.stay_id;
  ELSE
    row_stay := NEW.stay_id;
  END IF;
  PERFORM pg_notify('staybook_rooms', s.id::text || ' ' || s.city) FROM stays s WHERE s.id = row_stay;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION staybook_rooms_notify_stay() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('staybook_rooms', OLD.id::text || ' ' || OLD.city);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('staybook_rooms', NEW.id::text || ' ' || NEW.city);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER room_numbers_rooms_notify AFTER INSERT OR UPDATE OR DELETE ON room_numbers
  FOR EACH ROW EXECUTE FUNCTION staybook_rooms_notify_room();
--> statement-breakpoint
CREATE TRIGGER room_types_rooms_notify AFTER INSERT OR UPDATE OR DELETE ON room_types
  FOR EACH ROW EXECUTE FUNCTION staybook_rooms_notify_room();
--> statement-breakpoint
CREATE TRIGGER stays_rooms_notify AFTER INSERT OR UPDATE OR DELETE ON stays
  FOR EACH ROW EXECUTE FUNCTION staybook_rooms_notify_stay();

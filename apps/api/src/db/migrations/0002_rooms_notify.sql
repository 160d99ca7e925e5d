-- Every API process keeps the room availability it has answered for a short time (features/search/search.service.ts)
-- and forgets a stay's answers when told on this channel: any change to its room-nights (a hold, a release, a
-- cancellation, a payment taking nights again), its room numbers, its room types or the stay itself.
CREATE FUNCTION staybook_rooms_notify_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staybook_rooms', s.stay_id::text)
  FROM (SELECT DISTINCT rn.stay_id FROM changed c JOIN room_numbers rn ON rn.id = c.room_number_id) s;
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
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('staybook_rooms', OLD.stay_id::text);
  ELSE
    PERFORM pg_notify('staybook_rooms', NEW.stay_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION staybook_rooms_notify_stay() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staybook_rooms', OLD.id::text);
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
CREATE TRIGGER stays_rooms_notify AFTER UPDATE OR DELETE ON stays
  FOR EACH ROW EXECUTE FUNCTION staybook_rooms_notify_stay();

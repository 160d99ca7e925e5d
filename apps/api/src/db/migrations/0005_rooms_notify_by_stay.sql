-- Room-nights carry their stay (0004): the notification reads it from the changed rows instead of looking up each
-- room again.
CREATE OR REPLACE FUNCTION staybook_rooms_notify_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staybook_rooms', x.id::text || ' ' || x.city)
  FROM (
    SELECT DISTINCT s.id, s.city
    FROM (SELECT DISTINCT stay_id FROM changed) c JOIN stays s ON s.id = c.stay_id
  ) x;
  RETURN NULL;
END;
$$;

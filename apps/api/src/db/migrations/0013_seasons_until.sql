ALTER TABLE "stays" ADD COLUMN "seasons_until" date;--> statement-breakpoint
-- stays.seasons_until: the last night any season of the stay's room types may price. It only grows (a season moved
-- earlier or deleted leaves it as it was): a later bound costs a search one empty read, an earlier one would price
-- a season's nights at the base price. greatest() is worked out on the row as it is once locked, so concurrent
-- seasons of one stay cannot lose each other's end.
CREATE FUNCTION staybook_note_season_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stays SET seasons_until = greatest(seasons_until, NEW.ends_on)
  WHERE id = NEW.stay_id AND (seasons_until IS NULL OR seasons_until < NEW.ends_on);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER room_type_rates_note_season_end AFTER INSERT OR UPDATE OF ends_on, stay_id ON room_type_rates
  FOR EACH ROW EXECUTE FUNCTION staybook_note_season_end();--> statement-breakpoint
UPDATE stays s SET seasons_until = r.until
FROM (SELECT stay_id, max(ends_on) AS until FROM room_type_rates GROUP BY stay_id) r
WHERE s.id = r.stay_id;

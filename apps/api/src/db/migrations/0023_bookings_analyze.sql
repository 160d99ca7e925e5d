-- The live holds are a sliver of all bookings, read through the partial indexes bookings_user_holds_idx and
-- bookings_ip_holds_idx. Their size is known to the planner only from the last ANALYZE: PostgreSQL's default (10 % of
-- the table changed) leaves a table of millions of bookings unanalysed for weeks, and the hold's cached plan then
-- takes an index it believes empty and reads every live hold of every guest. Analysed after 0.2 % of it changed.
ALTER TABLE "bookings" SET (autovacuum_analyze_scale_factor = 0.002, autovacuum_analyze_threshold = 1000);

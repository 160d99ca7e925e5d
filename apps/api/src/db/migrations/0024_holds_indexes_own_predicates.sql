-- The live holds were read through three indexes that every statement on holds could take (status = 'pending_payment').
-- The planner knows how many holds they hold only from the last ANALYZE: after a burst of holds on statistics that
-- knew none, the hold's count of what its address holds took the account index (by its hold_expires_at bound alone)
-- or the status index, and read every live hold of every guest, on every hold. Each index now has a predicate that
-- only its own statement implies: the account's holds (user_id = ...), the address's (hold_ip = ...), and the sweep's
-- (keyed by when a hold runs out, an expression only the sweep writes).
DROP INDEX "bookings_status_hold_idx";--> statement-breakpoint
DROP INDEX "bookings_user_holds_idx";--> statement-breakpoint
DROP INDEX "bookings_ip_holds_idx";--> statement-breakpoint
CREATE INDEX "bookings_holds_due_idx" ON "bookings" USING btree ((case when "status" = 'pending_payment' then "hold_expires_at" end)) WHERE (case when "bookings"."status" = 'pending_payment' then "bookings"."hold_expires_at" end) is not null;--> statement-breakpoint
CREATE INDEX "bookings_user_holds_idx" ON "bookings" USING btree ("user_id","hold_expires_at") WHERE "bookings"."status" = 'pending_payment' and "bookings"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_ip_holds_idx" ON "bookings" USING btree ("hold_ip","check_in") WHERE "bookings"."status" = 'pending_payment' and "bookings"."hold_ip" is not null;
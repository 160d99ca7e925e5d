ALTER TABLE "bookings" ADD COLUMN "guest_pin" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_pin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_pin_check" CHECK ("bookings"."guest_pin" ~ '^[1-9][0-9]{5}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_billing_pin_check" CHECK ("users"."billing_pin" ~ '^[1-9][0-9]{5}$');
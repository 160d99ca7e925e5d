CREATE TABLE "rate_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_type_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"name" text NOT NULL,
	"meal_plan" text DEFAULT 'EP' NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"cancellation_policy" jsonb,
	"parent_id" uuid,
	"adjust_kind" text,
	"adjust_value" integer DEFAULT 0 NOT NULL,
	"single_less" integer DEFAULT 0 NOT NULL,
	"extra_adult" integer DEFAULT 0 NOT NULL,
	"child_price" integer DEFAULT 0 NOT NULL,
	"infant_price" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_standard_own_prices" CHECK (("rate_plans"."standard" and "rate_plans"."parent_id" is null and "rate_plans"."adjust_kind" is null) or (not "rate_plans"."standard" and "rate_plans"."parent_id" is not null and "rate_plans"."adjust_kind" is not null)),
	CONSTRAINT "rate_plans_occupancy" CHECK ("rate_plans"."single_less" >= 0 and "rate_plans"."extra_adult" >= 0 and "rate_plans"."child_price" >= 0 and "rate_plans"."infant_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "rate_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "plan_name" text;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "meal_plan" text;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_plans_type_live_idx" ON "rate_plans" USING btree ("room_type_id","adjust_kind","adjust_value","single_less","extra_adult","child_price","infant_price") WHERE "rate_plans"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "rate_plans_stay_idx" ON "rate_plans" USING btree ("stay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_one_standard_key" ON "rate_plans" USING btree ("room_type_id") WHERE "rate_plans"."standard" and "rate_plans"."archived_at" is null;--> statement-breakpoint
-- Every room type sells through a standard plan, room only, priced by its own prices (room_types and its seasons)
-- and under its stay's policy (null: the stay's); bookings made before plans are linked to it (ADR 065).
INSERT INTO "rate_plans" ("room_type_id", "stay_id", "name", "meal_plan", "standard", "archived_at")
SELECT t."id", t."stay_id", 'Standard', 'EP', true, t."archived_at" FROM "room_types" t;--> statement-breakpoint
UPDATE "booking_rooms" br SET "rate_plan_id" = p."id", "plan_name" = p."name", "meal_plan" = p."meal_plan"
FROM "room_numbers" n JOIN "rate_plans" p ON p."room_type_id" = n."room_type_id" AND p."standard"
WHERE n."id" = br."room_number_id";--> statement-breakpoint
-- A room type made from now on gets its standard plan with it, whoever makes it.
CREATE FUNCTION staybook_room_type_standard_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rate_plans (room_type_id, stay_id, name, meal_plan, standard) VALUES (NEW.id, NEW.stay_id, 'Standard', 'EP', true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER room_types_standard_plan AFTER INSERT ON room_types FOR EACH ROW EXECUTE FUNCTION staybook_room_type_standard_plan();

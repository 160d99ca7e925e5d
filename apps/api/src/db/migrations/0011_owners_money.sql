CREATE TABLE "room_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"room_number_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_range" CHECK ("room_blocks"."ends_on" > "room_blocks"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "room_type_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_type_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"price" integer NOT NULL,
	"weekend_price" integer,
	"min_nights" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_type_rates_range" CHECK ("room_type_rates"."ends_on" >= "room_type_rates"."starts_on"),
	CONSTRAINT "room_type_rates_price_positive" CHECK ("room_type_rates"."price" > 0 and coalesce("room_type_rates"."weekend_price", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "invoice_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"total_paise" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"tariff_over" integer NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_nights" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD COLUMN "nightly_prices" integer[];--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_gstin" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_company" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "block_id" uuid;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "weekend_price" integer;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "min_nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "cancellation_free_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "cancellation_refund_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type_rates" ADD CONSTRAINT "room_type_rates_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type_rates" ADD CONSTRAINT "room_type_rates_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_blocks_stay_idx" ON "room_blocks" USING btree ("stay_id","starts_on");--> statement-breakpoint
CREATE INDEX "room_type_rates_type_idx" ON "room_type_rates" USING btree ("room_type_id","starts_on");--> statement-breakpoint
CREATE INDEX "room_type_rates_stay_idx" ON "room_type_rates" USING btree ("stay_id","starts_on","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_key" ON "invoices" USING btree ("kind","financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_kind_key" ON "invoices" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_slab_key" ON "tax_rates" USING btree ("starts_on","tariff_over");--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_block_id_room_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."room_blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_nights_block_idx" ON "room_nights" USING btree ("block_id");--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_booking_or_block" CHECK (("room_nights"."booking_id" is null) <> ("room_nights"."block_id" is null));--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_cancellation_free_days" CHECK ("stays"."cancellation_free_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_cancellation_refund_percent" CHECK ("stays"."cancellation_refund_percent" between 0 and 100);--> statement-breakpoint
-- GST on accommodation from 22 Sep 2025: a tariff up to ₹1,000 a night is exempt, up to ₹7,500 at 5%, above at 18%.
INSERT INTO "tax_rates" ("starts_on", "tariff_over", "rate_percent") VALUES
  ('2025-09-22', 0, 0), ('2025-09-22', 1000, 5), ('2025-09-22', 7500, 18);
--> statement-breakpoint
-- Issued invoices and credit notes are never changed or deleted.
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are never changed or deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_append_only" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();

CREATE TABLE "invoice_files" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- GST rates are the law's table in packages/shared/src/domain/gst-rates.ts (ADR 022).
DROP TABLE "tax_rates" CASCADE;--> statement-breakpoint
DROP INDEX "invoices_series_key";--> statement-breakpoint
DROP INDEX "invoices_number_key";--> statement-breakpoint
ALTER TABLE "invoice_series" DROP CONSTRAINT "invoice_series_kind_financial_year_pk";--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD COLUMN "supplier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supplier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_supplier_kind_financial_year_pk" PRIMARY KEY("supplier","kind","financial_year");--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_key" ON "invoices" USING btree ("supplier","kind","financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("supplier","number");--> statement-breakpoint
-- The state each stay stands in: from its city where the city is known, else from its GSTIN's state code.
UPDATE "stays" SET "state_code" = c."code" FROM (VALUES
  ('  agra', '09'),
  ('  ahmedabad', '24'),
  ('  alleppey', '32'),
  ('  amritsar', '03'),
  ('  bengaluru', '29'),
  ('  bhopal', '23'),
  ('  chandigarh', '04'),
  ('  chennai', '33'),
  ('  coorg', '29'),
  ('  cuttack', '21'),
  ('  darjeeling', '19'),
  ('  dehradun', '05'),
  ('  delhi', '07'),
  ('  durg', '22'),
  ('  erode', '33'),
  ('  gangtok', '11'),
  ('  gaya', '10'),
  ('  goa', '30'),
  ('  gurugram', '06'),
  ('  guwahati', '18'),
  ('  hampi', '29'),
  ('  hyderabad', '36'),
  ('  indore', '23'),
  ('  jaipur', '08'),
  ('  jaisalmer', '08'),
  ('  jodhpur', '08'),
  ('  kochi', '32'),
  ('  kodaikanal', '33'),
  ('  kolkata', '19'),
  ('  kota', '08'),
  ('  leh', '38'),
  ('  lucknow', '09'),
  ('  madurai', '33'),
  ('  manali', '02'),
  ('  mumbai', '27'),
  ('  munnar', '32'),
  ('  mysuru', '29'),
  ('new delhi', '07'),
  ('  noida', '09'),
  ('  ooty', '33'),
  ('  panaji', '30'),
  ('  pondy', '34'),
  ('  puducherry', '34'),
  ('  pune', '27'),
  ('  rishikesh', '05'),
  ('  shimla', '02'),
  ('  srinagar', '01'),
  ('  thiruvananthapuram', '32'),
  ('  udaipur', '08'),
  ('  varanasi', '09'),
  ('  vizag', '37')
) AS c("city", "code") WHERE "stays"."city" = c."city";--> statement-breakpoint
UPDATE "stays" SET "state_code" = substr("gstin", 1, 2)
  WHERE "state_code" IS NULL AND "gstin" IS NOT NULL AND substr("gstin", 1, 2) BETWEEN '01' AND '38';--> statement-breakpoint
-- Tariffs that fit no GST slab (7,876-8,850 rupees with 5 % and 18 % over 7,500) become 7,875, the highest of the 5 %
-- slab: no guest pays more than was shown, and the stay keeps a value of 7,500, no less than 18 % left it.
UPDATE "room_types" SET "price" = 7875 WHERE "price" BETWEEN 7876 AND 8850;--> statement-breakpoint
UPDATE "room_types" SET "weekend_price" = 7875 WHERE "weekend_price" BETWEEN 7876 AND 8850;--> statement-breakpoint
UPDATE "room_type_rates" SET "price" = 7875 WHERE "price" BETWEEN 7876 AND 8850;--> statement-breakpoint
UPDATE "room_type_rates" SET "weekend_price" = 7875 WHERE "weekend_price" BETWEEN 7876 AND 8850;--> statement-breakpoint
-- A document's file as issued is never changed or deleted.
CREATE TRIGGER "invoice_files_append_only" BEFORE UPDATE OR DELETE ON "invoice_files"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
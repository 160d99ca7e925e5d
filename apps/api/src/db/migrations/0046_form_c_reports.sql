CREATE TABLE "form_c_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"nationality" text NOT NULL,
	"passport_last4" text,
	"visa_type" text,
	"details" "bytea",
	"arrived_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"reference" text,
	"erase_on" date NOT NULL,
	"erased_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_c_reports_submitted" CHECK (("form_c_reports"."submitted_at" is null) = ("form_c_reports"."reference" is null)),
	CONSTRAINT "form_c_reports_erased" CHECK ("form_c_reports"."erased_at" is null or "form_c_reports"."details" is null)
);
--> statement-breakpoint
ALTER TABLE "form_c_reports" ADD CONSTRAINT "form_c_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_c_reports" ADD CONSTRAINT "form_c_reports_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_c_reports" ADD CONSTRAINT "form_c_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_c_reports_booking_idx" ON "form_c_reports" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "form_c_reports_open_idx" ON "form_c_reports" USING btree ("stay_id","due_at") WHERE "form_c_reports"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "form_c_reports_erase_idx" ON "form_c_reports" USING btree ("erase_on") WHERE "form_c_reports"."erased_at" is null;
CREATE TABLE "gst_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"state_code" text NOT NULL,
	"registration" text NOT NULL,
	"gstin" text,
	"liable" boolean NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_declarations_gstin" CHECK (("gst_declarations"."registration" = 'none') = ("gst_declarations"."gstin" is null))
);
--> statement-breakpoint
ALTER TABLE "gst_declarations" ADD CONSTRAINT "gst_declarations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gst_declarations_owner_state_idx" ON "gst_declarations" USING btree ("owner_id","state_code","created_at");--> statement-breakpoint
CREATE TRIGGER "gst_declarations_append_only" BEFORE UPDATE OR DELETE ON "gst_declarations"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();

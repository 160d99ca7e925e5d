CREATE TABLE "sandbox_linked_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"legal_name" text NOT NULL,
	"method" text NOT NULL,
	"ifsc" text,
	"account_number" text,
	"upi_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"settle_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fee_invoice_files" (
	"fee_invoice_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"month" text NOT NULL,
	"recipient_gstin" text NOT NULL,
	"kind" text NOT NULL,
	"supplier" text NOT NULL,
	"number" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"method" text NOT NULL,
	"ifsc" text,
	"account_last4" text,
	"holder" text,
	"upi_id" text,
	"linked_account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_profiles" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"pan" text,
	"state_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settlement_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_transfer_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"by_platform" boolean NOT NULL,
	"supplier_gstin" text,
	"fee_bp" integer NOT NULL,
	"fee_gst_bp" integer NOT NULL,
	"tcs_bp" integer NOT NULL,
	"tds_bp" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"fee_gst_paise" bigint NOT NULL,
	"tcs_paise" bigint NOT NULL,
	"tds_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_lines_net" CHECK ("settlement_lines"."net_paise" = "settlement_lines"."gross_paise" - (case when "settlement_lines"."by_platform" then "settlement_lines"."gst_paise" else 0 end) - "settlement_lines"."fee_paise" - "settlement_lines"."fee_gst_paise" - "settlement_lines"."tcs_paise" - "settlement_lines"."tds_paise")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"opening_paise" bigint NOT NULL,
	"gross_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"fee_gst_paise" bigint NOT NULL,
	"tcs_paise" bigint NOT NULL,
	"tds_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	"closing_paise" bigint NOT NULL,
	"payable_paise" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_payable" CHECK ("settlements"."payable_paise" = greatest("settlements"."closing_paise", 0)),
	CONSTRAINT "settlements_closing" CHECK ("settlements"."closing_paise" = "settlements"."opening_paise" + "settlements"."net_paise"),
	CONSTRAINT "settlements_opening" CHECK ("settlements"."opening_paise" <= 0)
);
--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "fee_bp" integer;--> statement-breakpoint
ALTER TABLE "fee_invoice_files" ADD CONSTRAINT "fee_invoice_files_fee_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD CONSTRAINT "payout_profiles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_payout_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_key" ON "sandbox_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_month_key" ON "fee_invoices" USING btree ("owner_id","month","recipient_gstin");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_number_key" ON "fee_invoices" USING btree ("supplier","number");--> statement-breakpoint
CREATE INDEX "payout_accounts_owner_idx" ON "payout_accounts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_key" ON "payouts" USING btree ("settlement_id") WHERE "payouts"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_attempt_key" ON "payouts" USING btree ("settlement_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_transfer_key" ON "payouts" USING btree ("provider_transfer_id");--> statement-breakpoint
CREATE INDEX "payouts_owner_idx" ON "payouts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_booking_idx" ON "settlement_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_owner_period_key" ON "settlements" USING btree ("owner_id","period_start");--> statement-breakpoint
CREATE INDEX "settlements_period_idx" ON "settlements" USING btree ("period_end");--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_fee_bp" CHECK ("stays"."fee_bp" between 0 and 10000);--> statement-breakpoint
-- hand-written
-- What the platform owes and pays its owners is a money record (ADR 032): settlements, their lines and the fee
-- invoices are never changed or deleted; a payout only gets its outcome, once (requested → processed | failed).
CREATE FUNCTION "payout_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: its rows are never changed or deleted', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER "settlements_append_only" BEFORE UPDATE OR DELETE ON "settlements"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "settlement_lines_append_only" BEFORE UPDATE OR DELETE ON "settlement_lines"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "fee_invoices_append_only" BEFORE UPDATE OR DELETE ON "fee_invoices"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "payout_accounts_append_only" BEFORE UPDATE OR DELETE ON "payout_accounts"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();
--> statement-breakpoint
CREATE FUNCTION "payouts_outcome_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payouts are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.settlement_id <> OLD.settlement_id OR NEW.owner_id <> OLD.owner_id
     OR NEW.account_id <> OLD.account_id OR NEW.amount_paise <> OLD.amount_paise OR NEW.attempt <> OLD.attempt
     OR NEW.created_at <> OLD.created_at
     OR (OLD.provider_transfer_id IS NOT NULL AND NEW.provider_transfer_id IS DISTINCT FROM OLD.provider_transfer_id)
     OR (OLD.status <> 'requested' AND (NEW.status <> OLD.status OR NEW.failure_reason IS DISTINCT FROM OLD.failure_reason
         OR NEW.settled_at IS DISTINCT FROM OLD.settled_at)) THEN
    RAISE EXCEPTION 'a payout keeps what it paid; only a requested one gets its outcome, once';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payouts_outcome_only" BEFORE UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "payouts_outcome_only"();
--> statement-breakpoint
CREATE TRIGGER "sandbox_transfers_outcome_only" BEFORE UPDATE OR DELETE ON "sandbox_transfers"
  FOR EACH ROW EXECUTE FUNCTION "sandbox_money_outcome_only"();
--> statement-breakpoint
CREATE TRIGGER "fee_invoice_files_append_only" BEFORE UPDATE OR DELETE ON "fee_invoice_files"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();

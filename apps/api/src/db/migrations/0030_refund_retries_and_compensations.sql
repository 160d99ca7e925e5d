CREATE TABLE "cancellation_compensations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_compensations_amount_positive" CHECK ("cancellation_compensations"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "compensation_payouts" (
	"compensation_id" uuid PRIMARY KEY NOT NULL,
	"provider_link_id" text NOT NULL,
	"link_url" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "compensation_payouts_link_key" UNIQUE("provider_link_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_compensations" (
	"settlement_id" uuid NOT NULL,
	"compensation_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "cancellation_compensations" ADD CONSTRAINT "cancellation_compensations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_payouts" ADD CONSTRAINT "compensation_payouts_compensation_id_cancellation_compensations_id_fk" FOREIGN KEY ("compensation_id") REFERENCES "public"."cancellation_compensations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_compensations" ADD CONSTRAINT "settlement_compensations_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_compensations" ADD CONSTRAINT "settlement_compensations_compensation_id_cancellation_compensations_id_fk" FOREIGN KEY ("compensation_id") REFERENCES "public"."cancellation_compensations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_compensations" ADD CONSTRAINT "settlement_compensations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_compensations_booking_key" ON "cancellation_compensations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "cancellation_compensations_created_idx" ON "cancellation_compensations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "settlement_compensations_settlement_idx" ON "settlement_compensations" USING btree ("settlement_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_retry_of_refunds_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_retry_of_key" ON "refunds" USING btree ("retry_of");--> statement-breakpoint
CREATE INDEX "refunds_failed_idx" ON "refunds" USING btree ("settled_at") WHERE "refunds"."status" = 'failed';--> statement-breakpoint
-- A refund keeps its attempt and the failure it follows, like its amount, payment and reason (ADR 010, 053).
CREATE OR REPLACE FUNCTION "ledger_refunds_outcome_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'refunds are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.booking_id <> OLD.booking_id OR NEW.payment_id <> OLD.payment_id
     OR NEW.amount_paise <> OLD.amount_paise OR NEW.reason <> OLD.reason OR NEW.created_at <> OLD.created_at
     OR NEW.attempt <> OLD.attempt OR NEW.retry_of IS DISTINCT FROM OLD.retry_of
     OR (OLD.status <> 'pending' AND (NEW.status <> OLD.status OR NEW.settled_at IS DISTINCT FROM OLD.settled_at))
     OR (OLD.provider_refund_id IS NOT NULL AND NEW.provider_refund_id IS DISTINCT FROM OLD.provider_refund_id) THEN
    RAISE EXCEPTION 'a refund keeps its amount, payment and reason; only a pending refund gets its outcome';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- What a stay owes its guest for its own cancel, and its deduction from a settlement: money records, never changed.
CREATE TRIGGER "cancellation_compensations_append_only" BEFORE UPDATE OR DELETE ON "cancellation_compensations"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "settlement_compensations_append_only" BEFORE UPDATE OR DELETE ON "settlement_compensations"
  FOR EACH ROW EXECUTE FUNCTION "payout_records_append_only"();
--> statement-breakpoint
-- A compensation's payout link gets its outcome once; nothing else of it changes, and it is never deleted.
CREATE FUNCTION "compensation_payouts_outcome_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'compensation payouts are never deleted';
  END IF;
  IF NEW.compensation_id <> OLD.compensation_id OR NEW.provider_link_id <> OLD.provider_link_id
     OR NEW.link_url <> OLD.link_url OR NEW.created_at <> OLD.created_at
     OR OLD.status <> 'issued' THEN
    RAISE EXCEPTION 'a compensation payout only gets its outcome, once';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "compensation_payouts_outcome_only" BEFORE UPDATE OR DELETE ON "compensation_payouts"
  FOR EACH ROW EXECUTE FUNCTION "compensation_payouts_outcome_only"();

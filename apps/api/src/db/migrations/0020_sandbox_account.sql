CREATE TABLE "sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text NOT NULL,
	"receipt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"vpa" text,
	"bank" text,
	"status" text NOT NULL,
	"error" jsonb,
	"approve_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"receipt" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"settle_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sandbox_events_due_idx" ON "sandbox_events" USING btree ("next_attempt_at") WHERE "sandbox_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_idx" ON "sandbox_payments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_one_pending_idx" ON "sandbox_payments" USING btree ("order_id") WHERE "sandbox_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
-- The sandbox's payments and refunds are money records: never deleted; only a pending one gets its outcome, once.
CREATE FUNCTION "sandbox_money_outcome_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'sandbox payments and refunds are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.amount_paise <> OLD.amount_paise OR NEW.created_at <> OLD.created_at
     OR OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'a sandbox payment or refund keeps its amount; only a pending one gets its outcome';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sandbox_payments_outcome_only" BEFORE UPDATE OR DELETE ON "sandbox_payments"
  FOR EACH ROW EXECUTE FUNCTION "sandbox_money_outcome_only"();
--> statement-breakpoint
CREATE TRIGGER "sandbox_refunds_outcome_only" BEFORE UPDATE OR DELETE ON "sandbox_refunds"
  FOR EACH ROW EXECUTE FUNCTION "sandbox_money_outcome_only"();

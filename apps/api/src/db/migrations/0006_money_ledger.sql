CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_order_id" text,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("run_after") WHERE "outbox"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
-- Payments and refunds recorded so far on the booking row, moved to the ledger (the booking's columns stay as they were).
INSERT INTO "payments" ("booking_id", "provider", "provider_payment_id", "provider_order_id", "amount_paise", "currency", "source", "created_at")
SELECT DISTINCT ON (p.payment_id) b.id, coalesce(b.provider, 'sandbox'), p.payment_id, b.provider_order_id, b.amount_paise, b.currency, 'migration', b.updated_at
FROM "bookings" b
CROSS JOIN LATERAL (VALUES (b.provider_payment_id), (b.refund ->> 'paymentId')) AS p(payment_id)
WHERE p.payment_id IS NOT NULL AND b.amount_paise > 0
  AND (b.status IN ('confirmed', 'cancelled') OR b.refund IS NOT NULL)
ORDER BY p.payment_id, b.updated_at
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "refunds" ("booking_id", "payment_id", "amount_paise", "reason", "status", "provider_refund_id", "created_at", "settled_at")
SELECT b.id, p.id, coalesce((b.refund ->> 'amountPaise')::bigint, b.amount_paise),
       CASE WHEN b.status = 'cancelled' THEN 'cancelled' ELSE 'unbookable' END,
       CASE WHEN b.refund ->> 'status' = 'processed' THEN 'processed' ELSE 'pending' END,
       b.refund ->> 'id', b.updated_at,
       CASE WHEN b.refund ->> 'status' = 'processed' THEN b.updated_at END
FROM "bookings" b
JOIN "payments" p ON p.provider_payment_id = b.refund ->> 'paymentId'
WHERE b.refund IS NOT NULL;
--> statement-breakpoint
-- The ledger is append-only: a payment never changes; a refund only gets its outcome, once.
CREATE FUNCTION "ledger_payments_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payments are never changed or deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "ledger_payments_immutable"();
--> statement-breakpoint
CREATE FUNCTION "ledger_refunds_outcome_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'refunds are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.booking_id <> OLD.booking_id OR NEW.payment_id <> OLD.payment_id
     OR NEW.amount_paise <> OLD.amount_paise OR NEW.reason <> OLD.reason OR NEW.created_at <> OLD.created_at
     OR (OLD.status <> 'pending' AND (NEW.status <> OLD.status OR NEW.settled_at IS DISTINCT FROM OLD.settled_at))
     OR (OLD.provider_refund_id IS NOT NULL AND NEW.provider_refund_id IS DISTINCT FROM OLD.provider_refund_id) THEN
    RAISE EXCEPTION 'a refund keeps its amount, payment and reason; only a pending refund gets its outcome';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_outcome_only" BEFORE UPDATE OR DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refunds_outcome_only"();

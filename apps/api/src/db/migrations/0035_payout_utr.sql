ALTER TABLE "payouts" ADD COLUMN "utr" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payouts_outcome_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payouts are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.settlement_id <> OLD.settlement_id OR NEW.owner_id <> OLD.owner_id
     OR NEW.account_id <> OLD.account_id OR NEW.amount_paise <> OLD.amount_paise OR NEW.attempt <> OLD.attempt
     OR NEW.created_at <> OLD.created_at
     OR (OLD.provider_transfer_id IS NOT NULL AND NEW.provider_transfer_id IS DISTINCT FROM OLD.provider_transfer_id)
     OR (OLD.status <> 'requested' AND (NEW.status <> OLD.status OR NEW.failure_reason IS DISTINCT FROM OLD.failure_reason
         OR NEW.settled_at IS DISTINCT FROM OLD.settled_at OR NEW.utr IS DISTINCT FROM OLD.utr)) THEN
    RAISE EXCEPTION 'a payout keeps what it paid; only a requested one gets its outcome, once';
  END IF;
  RETURN NEW;
END $$;

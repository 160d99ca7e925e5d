ALTER TABLE "payout_profiles" ADD COLUMN "holder_type" text;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD COLUMN "tds_section" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "pan" text;
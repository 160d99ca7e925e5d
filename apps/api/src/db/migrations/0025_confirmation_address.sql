ALTER TABLE "email_confirmations" ADD COLUMN "email_hash" text;--> statement-breakpoint
-- A confirmation link confirms the address it was mailed to, and only while that is the account's email (ADR 045).
-- Links mailed before named no address. One mailed since the account row last changed was mailed to its current
-- email (a new email changes the row), so it is tied to that address and keeps working; every other open link ends
-- (the account asks for a new one from the notice).
UPDATE "email_confirmations" SET "email_hash" = encode(sha256(convert_to("users"."email", 'UTF8')), 'hex') FROM "users" WHERE "users"."id" = "email_confirmations"."user_id" AND "email_confirmations"."created_at" >= "users"."updated_at";--> statement-breakpoint
UPDATE "email_confirmations" SET "used_at" = now() WHERE "email_hash" IS NULL AND "used_at" IS NULL;

ALTER TABLE "users" ADD COLUMN "is_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_platform_is_admin" CHECK (not "users"."is_platform" or "users"."is_admin");--> statement-breakpoint
-- Today's first admin (the earliest admin still active) runs the platform; every other admin stays a stay owner.
UPDATE "users" SET "is_platform" = true
WHERE "id" = (
  SELECT "id" FROM "users" WHERE "is_admin" AND "archived_at" IS NULL ORDER BY "created_at", "id" LIMIT 1
);

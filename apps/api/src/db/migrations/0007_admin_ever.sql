CREATE TABLE "admin_bootstrap" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_bootstrap_one_row" CHECK ("admin_bootstrap"."id")
);
--> statement-breakpoint
INSERT INTO "admin_bootstrap" ("id") SELECT true WHERE EXISTS (SELECT 1 FROM "users" WHERE "is_admin");
--> statement-breakpoint
CREATE FUNCTION "note_first_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "admin_bootstrap" ("id") VALUES (true) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_note_first_admin" AFTER INSERT OR UPDATE OF "is_admin" ON "users"
  FOR EACH ROW WHEN (NEW."is_admin") EXECUTE FUNCTION "note_first_admin"();

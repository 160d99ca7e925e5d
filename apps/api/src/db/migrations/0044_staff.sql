CREATE TABLE "staff_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"stay_id" uuid,
	"booking_id" uuid,
	"action" text NOT NULL,
	"route" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_member_stays" (
	"member_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	CONSTRAINT "staff_member_stays_member_id_stay_id_pk" PRIMARY KEY("member_id","stay_id")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"role" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_member_stays" ADD CONSTRAINT "staff_member_stays_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_member_stays" ADD CONSTRAINT "staff_member_stays_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_actions_booking_idx" ON "staff_actions" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "staff_actions_owner_idx" ON "staff_actions" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "staff_invites_member_idx" ON "staff_invites" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "staff_member_stays_stay_idx" ON "staff_member_stays" USING btree ("stay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_owner_email_key" ON "staff_members" USING btree ("owner_id","email") WHERE "staff_members"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_user_key" ON "staff_members" USING btree ("user_id") WHERE "staff_members"."removed_at" is null and "staff_members"."user_id" is not null;
--> statement-breakpoint
-- What staff did is kept as it was recorded: never changed or deleted (ADR 066).
CREATE FUNCTION "staff_actions_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff actions are never changed or deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER "staff_actions_append_only" BEFORE UPDATE OR DELETE ON "staff_actions"
  FOR EACH ROW EXECUTE FUNCTION "staff_actions_immutable"();
--> statement-breakpoint
-- A member's role, stays or removal changes what their sessions may do: every API process forgets the sessions it
-- keeps of that member (the channel of migration 0001).
CREATE FUNCTION "staff_auth_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid;
  account uuid;
BEGIN
  IF TG_TABLE_NAME = 'staff_members' THEN
    account := COALESCE(NEW.user_id, OLD.user_id);
  ELSE
    IF TG_OP = 'DELETE' THEN member := OLD.member_id; ELSE member := NEW.member_id; END IF;
    SELECT user_id INTO account FROM staff_members WHERE id = member;
  END IF;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('staybook_auth', account::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "staff_members_auth_notify" AFTER UPDATE OR DELETE ON "staff_members"
  FOR EACH ROW EXECUTE FUNCTION "staff_auth_notify"();
--> statement-breakpoint
CREATE TRIGGER "staff_member_stays_auth_notify" AFTER INSERT OR DELETE ON "staff_member_stays"
  FOR EACH ROW EXECUTE FUNCTION "staff_auth_notify"();

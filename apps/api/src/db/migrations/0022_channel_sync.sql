CREATE TABLE "channel_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"room_number_id" uuid NOT NULL,
	"night" date NOT NULL,
	"booking_id" uuid NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"room_number_id" uuid,
	"room_type_id" uuid,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_exports_room_or_type" CHECK (("channel_exports"."room_number_id" is null) <> ("channel_exports"."room_type_id" is null))
);
--> statement-breakpoint
CREATE TABLE "channel_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"room_number_id" uuid NOT NULL,
	"url" text NOT NULL,
	"label" text NOT NULL,
	"created_by" uuid NOT NULL,
	"etag" text,
	"last_modified" text,
	"content_hash" text,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"events_read" integer DEFAULT 0 NOT NULL,
	"nights_blocked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_blocks" ADD COLUMN "feed_id" uuid;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD COLUMN "feed_uid" text;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_feed_id_channel_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."channel_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_feeds" ADD CONSTRAINT "channel_feeds_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_feeds" ADD CONSTRAINT "channel_feeds_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_feeds" ADD CONSTRAINT "channel_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_conflicts_open_key" ON "channel_conflicts" USING btree ("feed_id","room_number_id","night","booking_id") WHERE "channel_conflicts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "channel_conflicts_stay_idx" ON "channel_conflicts" USING btree ("stay_id","resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_exports_token_key" ON "channel_exports" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_exports_room_key" ON "channel_exports" USING btree ("room_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_exports_type_key" ON "channel_exports" USING btree ("room_type_id");--> statement-breakpoint
CREATE INDEX "channel_feeds_due_idx" ON "channel_feeds" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE INDEX "channel_feeds_room_idx" ON "channel_feeds" USING btree ("room_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_blocks_feed_uid_key" ON "room_blocks" USING btree ("feed_id","feed_uid") WHERE "room_blocks"."feed_id" is not null;--> statement-breakpoint
-- hand-written: a feed's blocks name their feed (declared here: the schema files would otherwise import each other).
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_feed_id_channel_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."channel_feeds"("id") ON DELETE no action ON UPDATE no action;

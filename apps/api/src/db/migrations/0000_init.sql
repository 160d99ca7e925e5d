CREATE TABLE "booking_rooms" (
	"booking_id" uuid NOT NULL,
	"room_number_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"price_per_night" integer NOT NULL,
	CONSTRAINT "booking_rooms_booking_id_room_number_id_pk" PRIMARY KEY("booking_id","room_number_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"nights" integer NOT NULL,
	"adults" integer NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"provider" text,
	"provider_order_id" text,
	"provider_payment_id" text,
	"failure" jsonb,
	"refund" jsonb,
	"hotel_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_nights" (
	"room_number_id" uuid NOT NULL,
	"night" date NOT NULL,
	"booking_id" uuid NOT NULL,
	CONSTRAINT "room_nights_room_number_id_night_pk" PRIMARY KEY("room_number_id","night")
);
--> statement-breakpoint
CREATE TABLE "room_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_type_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"max_people" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"distance" double precision DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"overview" text DEFAULT '' NOT NULL,
	"lowest_price" integer DEFAULT 0 NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" numeric(3, 1) DEFAULT 0 NOT NULL,
	"experience" text DEFAULT 'Good' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"hotel_image" jsonb,
	"room_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"admin_requested_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_room_number_id_room_numbers_id_fk" FOREIGN KEY ("room_number_id") REFERENCES "public"."room_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_numbers" ADD CONSTRAINT "room_numbers_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_numbers" ADD CONSTRAINT "room_numbers_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_rooms_room_idx" ON "booking_rooms" USING btree ("room_number_id");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_stay_idx" ON "bookings" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "bookings_status_hold_idx" ON "bookings" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_provider_order_key" ON "bookings" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "room_nights_booking_idx" ON "room_nights" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "room_nights_night_idx" ON "room_nights" USING btree ("night","room_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_numbers_stay_number_key" ON "room_numbers" USING btree ("stay_id","number") WHERE "room_numbers"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "room_numbers_type_idx" ON "room_numbers" USING btree ("room_type_id");--> statement-breakpoint
CREATE INDEX "room_numbers_stay_idx" ON "room_numbers" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "room_types_stay_idx" ON "room_types" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "stays_city_idx" ON "stays" USING btree ("city") WHERE "stays"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "stays_owner_type_idx" ON "stays" USING btree ("owner_id","type");--> statement-breakpoint
CREATE INDEX "stays_featured_idx" ON "stays" USING btree ("featured") WHERE "stays"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "stays_type_idx" ON "stays" USING btree ("type") WHERE "stays"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_live_idx" ON "sessions" USING btree ("user_id") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");
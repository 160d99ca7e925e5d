-- Each room-night carries its room's stay, so a search finds a stay's taken nights with one index probe per stay
-- instead of one per room. The (room, stay) foreign key keeps the copy equal to the room's own stay.
ALTER TABLE "room_nights" ADD COLUMN "stay_id" uuid;--> statement-breakpoint
UPDATE "room_nights" n SET "stay_id" = rn."stay_id" FROM "room_numbers" rn WHERE rn."id" = n."room_number_id";--> statement-breakpoint
ALTER TABLE "room_nights" ALTER COLUMN "stay_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "room_numbers_id_stay_key" ON "room_numbers" USING btree ("id","stay_id");--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_room_stay_fk" FOREIGN KEY ("room_number_id","stay_id") REFERENCES "public"."room_numbers"("id","stay_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_nights_stay_night_idx" ON "room_nights" USING btree ("stay_id","night","room_number_id","booking_id");

CREATE INDEX "bookings_user_held_idx" ON "bookings" USING btree ("user_id","expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_id_text_idx" ON "bookings" USING btree (("id"::text));--> statement-breakpoint
CREATE INDEX "wallet_entries_booking_idx" ON "wallet_entries" USING btree ("booking_id");
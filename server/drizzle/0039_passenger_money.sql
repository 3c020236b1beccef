ALTER TABLE "booking_events" ADD COLUMN "amounts" jsonb;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "changes_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "change_fees_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Passengers cancelled before this migration: every ticket of theirs refunded, voided or exchanged away.
UPDATE "booking_passengers" AS p SET "cancelled_at" = b."updated_at"
FROM "bookings" AS b
WHERE b."id" = p."booking_id"
  AND EXISTS (SELECT 1 FROM "tickets" AS t WHERE t."passenger_id" = p."id")
  AND NOT EXISTS (SELECT 1 FROM "tickets" AS t WHERE t."passenger_id" = p."id" AND t."status" = 'open');

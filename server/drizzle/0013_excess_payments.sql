ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_known";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_automatic_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."automatic" and "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_known" CHECK ("payment_attempts"."status" in ('pending', 'paid', 'failed', 'cancelled', 'excess'));--> statement-breakpoint
UPDATE "refunds" SET "completed_at" = "created_at" WHERE "status" = 'completed';--> statement-breakpoint
UPDATE "payment_attempts" SET "status" = 'excess' WHERE "status" = 'failed' AND "failure_reason" = 'the order was already paid by another attempt; this payment must be refunded';--> statement-breakpoint
UPDATE "payment_attempts" AS a SET "status" = 'excess', "failure_reason" = 'the booking was already paid from the wallet; this payment is refunded' FROM "bookings" AS b WHERE b."id"::text = a."order_id" AND a."status" = 'paid' AND b."paid_with" = 'wallet';--> statement-breakpoint
INSERT INTO "refunds" ("booking_id", "method", "amount", "currency", "status", "payment_reference", "reason") SELECT b."id", a."gateway", a."amount_paisa", a."currency", 'pending', a."reference", 'Paid twice: payment ' || a."reference" || ' through ' || a."gateway" || ' arrived after the booking was already paid; to be refunded by hand.' FROM "payment_attempts" AS a JOIN "bookings" AS b ON b."id"::text = a."order_id" WHERE a."status" = 'excess' ON CONFLICT DO NOTHING;

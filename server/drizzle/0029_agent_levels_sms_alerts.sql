ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "master_markup_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_master_markup_range" CHECK ("users"."master_markup_percent" between 0 and 20);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_kind_check" CHECK ("sms_outbox"."kind" in ('held', 'ticketed', 'disrupted', 'reminder', 'price_drop'));--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_language_check" CHECK ("price_alerts"."language" in ('en', 'ne'));
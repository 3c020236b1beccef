CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"to" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"parts" smallint NOT NULL,
	"not_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider" text,
	"provider_code" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"fallback_emailed_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "sms_outbox_kind_check" CHECK ("sms_outbox"."kind" in ('held', 'ticketed', 'disrupted', 'reminder')),
	CONSTRAINT "sms_outbox_language_check" CHECK ("sms_outbox"."language" in ('en', 'ne'))
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_booking_idx" ON "sms_outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."sent_at" is null and "sms_outbox"."failed_at" is null;
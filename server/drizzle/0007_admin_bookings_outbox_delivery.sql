CREATE TABLE "brand_payment_credentials" (
	"brand_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"environment" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secret_ciphertext" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_payment_credentials_brand_id_gateway_pk" PRIMARY KEY("brand_id","gateway"),
	CONSTRAINT "brand_payment_credentials_gateway_check" CHECK ("brand_payment_credentials"."gateway" in ('esewa', 'khalti', 'connectips')),
	CONSTRAINT "brand_payment_credentials_environment_check" CHECK ("brand_payment_credentials"."environment" in ('test', 'production'))
);
--> statement-breakpoint
CREATE TABLE "booking_disruptions" (
	"booking_id" uuid NOT NULL,
	"disruption_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_disruptions_booking_id_disruption_id_pk" PRIMARY KEY("booking_id","disruption_id")
);
--> statement-breakpoint
CREATE TABLE "flight_disruptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"flight_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text NOT NULL,
	"actor_user_id" uuid,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_disruptions_reason_check" CHECK ("flight_disruptions"."reason" in ('weather', 'technical', 'operational', 'other'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_payment_credentials" ADD CONSTRAINT "brand_payment_credentials_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_disruptions" ADD CONSTRAINT "booking_disruptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_disruptions" ADD CONSTRAINT "booking_disruptions_disruption_id_flight_disruptions_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."flight_disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_disruptions" ADD CONSTRAINT "flight_disruptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_disruptions" ADD CONSTRAINT "flight_disruptions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_disruptions_disruption_idx" ON "booking_disruptions" USING btree ("disruption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flight_disruptions_brand_flight" ON "flight_disruptions" USING btree ("brand_id","flight_id");--> statement-breakpoint
CREATE INDEX "email_outbox_brand_created_idx" ON "email_outbox" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null and "email_outbox"."failed_at" is null;
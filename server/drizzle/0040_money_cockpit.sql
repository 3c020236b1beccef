CREATE TABLE "deposit_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"deposited_on" date NOT NULL,
	"slip" bytea,
	"slip_content_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"wallet_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_requests_status_check" CHECK ("deposit_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposit_requests_amount_check" CHECK ("deposit_requests"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "cancellation_fee" bigint;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_wallet_entry_id_wallet_entries_id_fk" FOREIGN KEY ("wallet_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_requests_brand_status_idx" ON "deposit_requests" USING btree ("brand_id","status","id");--> statement-breakpoint
CREATE INDEX "deposit_requests_user_idx" ON "deposit_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_user_reference" ON "deposit_requests" USING btree ("user_id","reference") WHERE "deposit_requests"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_kind_check" CHECK ("sms_outbox"."kind" in ('held', 'ticketed', 'disrupted', 'reminder', 'price_drop', 'wallet_deposit'));
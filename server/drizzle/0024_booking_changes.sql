CREATE TABLE "booking_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"leg_position" smallint NOT NULL,
	"from_locator" text NOT NULL,
	"to_locator" text NOT NULL,
	"from_offer" jsonb NOT NULL,
	"to_offer" jsonb NOT NULL,
	"currency" text NOT NULL,
	"fare_difference" integer NOT NULL,
	"change_fee" integer NOT NULL,
	"amount" integer NOT NULL,
	"paid_with" text,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_amount_check" CHECK ("booking_changes"."fare_difference" >= 0 and "booking_changes"."change_fee" >= 0 and "booking_changes"."amount" = "booking_changes"."fare_difference" + "booking_changes"."change_fee")
);
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_passenger_segment";--> statement-breakpoint
ALTER TABLE "tax_invoices" DROP CONSTRAINT "tax_invoices_booking";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_status_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_sign_check";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reissued_from" text;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD COLUMN "booking_change_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_booking_change_id_booking_changes_id_fk" FOREIGN KEY ("booking_change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_passenger_segment" ON "tickets" USING btree ("passenger_id","segment_index") WHERE "tickets"."status" <> 'exchanged';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_booking" ON "tax_invoices" USING btree ("booking_id") WHERE "tax_invoices"."booking_change_id" is null;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_booking_change" UNIQUE("booking_change_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('open', 'void', 'refunded', 'exchanged'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('top_up', 'booking_debit', 'refund_credit', 'settlement', 'change_debit'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_sign_check" CHECK (("wallet_entries"."kind" in ('booking_debit', 'change_debit') and "wallet_entries"."amount" < 0) or ("wallet_entries"."kind" not in ('booking_debit', 'change_debit') and "wallet_entries"."amount" > 0));
CREATE TABLE "brand_finance_settings" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"void_fee_npr" integer DEFAULT 0 NOT NULL,
	"void_fee_usd" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_finance_settings_void_fee_check" CHECK ("brand_finance_settings"."void_fee_npr" >= 0 and "brand_finance_settings"."void_fee_usd" >= 0)
);
--> statement-breakpoint
DROP INDEX "refunds_once_per_payment";--> statement-breakpoint
DROP INDEX "wallet_entries_once_per_booking";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "part" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "voids_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_finance_settings" ADD CONSTRAINT "brand_finance_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_once_per_payment" ON "refunds" USING btree ("booking_id","payment_reference","part");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_once_per_booking" ON "wallet_entries" USING btree ("booking_id","kind") WHERE "wallet_entries"."booking_id" is not null and "wallet_entries"."kind" = 'booking_debit';
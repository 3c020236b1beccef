CREATE TABLE "supplier_change_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"leg_position" smallint NOT NULL,
	"from_locator" text NOT NULL,
	"supplier" text NOT NULL,
	"order_id" text NOT NULL,
	"order_change_id" text NOT NULL,
	"passenger_ids" jsonb NOT NULL,
	"to_offer" jsonb NOT NULL,
	"to_segment_fares" jsonb NOT NULL,
	"charged" jsonb NOT NULL,
	"paid_with" text,
	"wallet_user_id" uuid,
	"by_name" text NOT NULL,
	"by_user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"booking_change_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_change_checks_status_known" CHECK ("supplier_change_checks"."status" in ('pending', 'applied', 'rolled_back'))
);
--> statement-breakpoint
ALTER TABLE "supplier_change_checks" ADD CONSTRAINT "supplier_change_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_change_checks" ADD CONSTRAINT "supplier_change_checks_wallet_user_id_users_id_fk" FOREIGN KEY ("wallet_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_change_checks" ADD CONSTRAINT "supplier_change_checks_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_change_checks" ADD CONSTRAINT "supplier_change_checks_booking_change_id_booking_changes_id_fk" FOREIGN KEY ("booking_change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_change_checks_booking_idx" ON "supplier_change_checks" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "supplier_change_checks_due_idx" ON "supplier_change_checks" USING btree ("next_check_at") WHERE "supplier_change_checks"."status" = 'pending';
CREATE TABLE "booking_change_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"leg_position" smallint NOT NULL,
	"from_locator" text NOT NULL,
	"to_locator" text NOT NULL,
	"to_offer" jsonb NOT NULL,
	"to_segment_fares" jsonb NOT NULL,
	"gateway" text NOT NULL,
	"currency" text NOT NULL,
	"fare_difference" integer NOT NULL,
	"change_fee" integer NOT NULL,
	"change_fee_vat" integer NOT NULL,
	"international" boolean NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"booking_change_id" uuid,
	"by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_change_payments_amount_check" CHECK ("booking_change_payments"."fare_difference" >= 0 and "booking_change_payments"."change_fee" >= 0 and "booking_change_payments"."amount" > 0 and "booking_change_payments"."amount" = "booking_change_payments"."fare_difference" + "booking_change_payments"."change_fee"),
	CONSTRAINT "booking_change_payments_status_known" CHECK ("booking_change_payments"."status" in ('pending', 'applied', 'failed', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "booking_change_payments" ADD CONSTRAINT "booking_change_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_change_payments" ADD CONSTRAINT "booking_change_payments_booking_change_id_booking_changes_id_fk" FOREIGN KEY ("booking_change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_change_payments" ADD CONSTRAINT "booking_change_payments_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_change_payments_booking_idx" ON "booking_change_payments" USING btree ("booking_id");--> statement-breakpoint
-- Hand-written: a gateway payment of a date change (its order is a booking_change_payments row)
-- is journaled like a booking's, under the changed booking's brand (docs/finance-statements.md).
CREATE OR REPLACE FUNCTION "payment_attempt_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  attempt_brand uuid;
BEGIN
  IF NEW."status" NOT IN ('paid', 'excess')
     OR (TG_OP = 'UPDATE' AND OLD."status" IN ('paid', 'excess'))
     OR NEW."order_id" !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
    RETURN NULL;
  END IF;
  SELECT "brand_id" INTO attempt_brand FROM "bookings" WHERE "id" = NEW."order_id"::uuid;
  IF attempt_brand IS NULL THEN
    SELECT b."brand_id" INTO attempt_brand
      FROM "booking_change_payments" c JOIN "bookings" b ON b."id" = c."booking_id"
     WHERE c."id" = NEW."order_id"::uuid;
  END IF;
  IF attempt_brand IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "ledger_lines" ("payment_attempt_id", "brand_id", "account", "amount", "currency", "created_at")
  VALUES
    (NEW."id", attempt_brand, 'gateway:' || NEW."gateway", -NEW."amount_paisa", NEW."currency", coalesce(NEW."paid_at", now())),
    (NEW."id", attempt_brand, 'brand:' || attempt_brand || ':sales', NEW."amount_paisa", NEW."currency", coalesce(NEW."paid_at", now()));
  RETURN NULL;
END
$$;

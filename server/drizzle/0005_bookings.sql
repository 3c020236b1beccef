CREATE SEQUENCE "public"."ticket_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by" text NOT NULL,
	"user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_legs" (
	"booking_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"supplier" text NOT NULL,
	"locator" text NOT NULL,
	"offer" jsonb NOT NULL,
	"segment_fares" jsonb NOT NULL,
	CONSTRAINT "booking_legs_position" UNIQUE("booking_id","position")
);
--> statement-breakpoint
CREATE TABLE "booking_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" text,
	"nationality" text NOT NULL,
	"passport_number" text,
	"passport_expiry" text,
	CONSTRAINT "booking_passengers_position" UNIQUE("booking_id","position")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pnr" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"price" jsonb NOT NULL,
	"amount_due" integer NOT NULL,
	"contact" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"first_departure_at" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"paid_with" text,
	"paid_at" timestamp with time zone,
	"ticket_emailed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_pnr_unique" UNIQUE("pnr"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'paid', 'ticketed', 'expired', 'cancelled', 'refunded')),
	CONSTRAINT "bookings_amount_due_check" CHECK ("bookings"."amount_due" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_reference" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"segment_index" smallint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_passenger_segment" UNIQUE("passenger_id","segment_index"),
	CONSTRAINT "tickets_number_check" CHECK ("tickets"."ticket_number" ~ '^[0-9]{13}$'),
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('open', 'void', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"booking_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('top_up', 'booking_debit', 'refund_credit')),
	CONSTRAINT "wallet_entries_sign_check" CHECK (("wallet_entries"."kind" = 'booking_debit' and "wallet_entries"."amount" < 0) or ("wallet_entries"."kind" <> 'booking_debit' and "wallet_entries"."amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "accounting_code" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_passenger_id_booking_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."booking_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_idempotency_key" ON "bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_user_created_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_held_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_ticket_email_due_idx" ON "bookings" USING btree ("paid_at") WHERE "bookings"."status" = 'ticketed' and "bookings"."ticket_emailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_once_per_payment" ON "refunds" USING btree ("booking_id","payment_reference");--> statement-breakpoint
CREATE INDEX "tickets_booking_idx" ON "tickets" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_once_per_booking" ON "wallet_entries" USING btree ("booking_id","kind") WHERE "wallet_entries"."booking_id" is not null;--> statement-breakpoint
INSERT INTO "wallet_entries" ("user_id", "kind", "amount", "currency", "note")
SELECT "id", 'top_up', "wallet_balance", "wallet_currency", 'opening balance' FROM "users" WHERE "wallet_balance" > 0;

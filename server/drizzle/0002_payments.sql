CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paisa" bigint NOT NULL,
	"currency" text DEFAULT 'NPR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_reference" text,
	"gateway_token" text,
	"verified_payload" jsonb,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_gateway_reference_key" UNIQUE("gateway","reference"),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount_paisa" > 0),
	CONSTRAINT "payment_attempts_status_known" CHECK ("payment_attempts"."status" in ('pending', 'paid', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"merchant" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paisa" bigint NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"transaction_code" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_reference_key" UNIQUE("gateway","merchant","reference")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_paid_per_order" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");
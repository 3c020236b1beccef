CREATE TABLE "brand_tax_profiles" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"pan" text NOT NULL,
	"vat_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_tax_profiles_pan_check" CHECK ("brand_tax_profiles"."pan" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"non_taxable" bigint NOT NULL,
	"export_sales" bigint NOT NULL,
	"total" bigint NOT NULL,
	"issued_on_bs" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "credit_notes_brand_number" UNIQUE("brand_id","fiscal_year","sequence")
);
--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"brand_id" uuid NOT NULL,
	"series" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counters_brand_id_series_fiscal_year_pk" PRIMARY KEY("brand_id","series","fiscal_year"),
	CONSTRAINT "tax_document_counters_series_check" CHECK ("tax_document_counters"."series" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"non_taxable" bigint NOT NULL,
	"export_sales" bigint NOT NULL,
	"total" bigint NOT NULL,
	"issued_on_bs" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_brand_number" UNIQUE("brand_id","fiscal_year","sequence"),
	CONSTRAINT "tax_invoices_booking" UNIQUE("booking_id")
);
--> statement-breakpoint
CREATE TABLE "user_tax_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"buyer_name" text,
	"pan" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tax_profiles_pan_check" CHECK ("user_tax_profiles"."pan" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "brand_tax_profiles" ADD CONSTRAINT "brand_tax_profiles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tax_profiles" ADD CONSTRAINT "user_tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_brand_issued_idx" ON "credit_notes" USING btree ("brand_id","issued_on_bs");--> statement-breakpoint
CREATE INDEX "credit_notes_booking_idx" ON "credit_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_brand_issued_idx" ON "tax_invoices" USING btree ("brand_id","issued_on_bs");--> statement-breakpoint
-- Hand-written: tax invoices and credit notes are immutable once issued (a correction is a new
-- document). Any UPDATE or DELETE of a row is refused, whoever asks.
CREATE FUNCTION "refuse_tax_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax documents are immutable: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tax_invoices_immutable" BEFORE UPDATE OR DELETE ON "tax_invoices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_tax_document_change"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_immutable" BEFORE UPDATE OR DELETE ON "credit_notes"
  FOR EACH ROW EXECUTE FUNCTION "refuse_tax_document_change"();

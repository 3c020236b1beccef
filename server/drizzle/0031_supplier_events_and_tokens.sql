CREATE TABLE "brand_supplier_credentials" (
	"brand_id" uuid NOT NULL,
	"supplier" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"token_hint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_supplier_credentials_brand_id_supplier_pk" PRIMARY KEY("brand_id","supplier"),
	CONSTRAINT "brand_supplier_credentials_supplier_check" CHECK ("brand_supplier_credentials"."supplier" in ('duffel'))
);
--> statement-breakpoint
CREATE TABLE "supplier_events" (
	"supplier" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_events_supplier_event_id_pk" PRIMARY KEY("supplier","event_id"),
	CONSTRAINT "supplier_events_outcome_check" CHECK ("supplier_events"."outcome" in ('flagged', 'unknown_order', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "brand_supplier_credentials" ADD CONSTRAINT "brand_supplier_credentials_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "exchange_rates" (
	"brand_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"unit" integer NOT NULL,
	"npr" integer NOT NULL,
	"effective_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_brand_id_currency_pk" PRIMARY KEY("brand_id","currency"),
	CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$' and "exchange_rates"."currency" <> 'NPR'),
	CONSTRAINT "exchange_rates_unit_check" CHECK ("exchange_rates"."unit" in (1, 10, 100, 1000)),
	CONSTRAINT "exchange_rates_npr_check" CHECK ("exchange_rates"."npr" > 0)
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "markups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"origin" text,
	"destination" text,
	"airline_code" text,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text DEFAULT 'NPR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markups_scope_check" CHECK ("markups"."scope" in ('route', 'airline', 'all')),
	CONSTRAINT "markups_kind_check" CHECK ("markups"."kind" in ('percent', 'fixed')),
	CONSTRAINT "markups_value_check" CHECK ("markups"."value" > 0),
	CONSTRAINT "markups_target_check" CHECK (("markups"."scope" = 'route' and "markups"."origin" is not null and "markups"."destination" is not null and "markups"."airline_code" is null)
        or ("markups"."scope" = 'airline' and "markups"."airline_code" is not null and "markups"."origin" is null and "markups"."destination" is null)
        or ("markups"."scope" = 'all' and "markups"."origin" is null and "markups"."destination" is null and "markups"."airline_code" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "markup" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markups_brand_idx" ON "markups" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "markups_brand_target" ON "markups" USING btree ("brand_id","scope",coalesce("origin", ''),coalesce("destination", ''),coalesce("airline_code", ''));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_brand_created_idx" ON "bookings" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_user_reference" ON "wallet_entries" USING btree ("user_id","reference") WHERE "wallet_entries"."reference" is not null;
CREATE TABLE "brand_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"site_config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"code" text PRIMARY KEY NOT NULL,
	"icao" text,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"domestic" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"code" text PRIMARY KEY NOT NULL,
	"icao" text,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text NOT NULL,
	"time_zone" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"size" text NOT NULL,
	"city_key" text NOT NULL,
	"name_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nationality" text NOT NULL,
	"dial_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_hosts" ADD CONSTRAINT "brand_hosts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airports_city_key_idx" ON "airports" USING btree ("city_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "airports_name_key_idx" ON "airports" USING btree ("name_key" text_pattern_ops);
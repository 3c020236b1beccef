CREATE TABLE "inventory_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"class_code" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"closed" boolean,
	"base_npr" integer,
	"base_usd" integer,
	"brand_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_controls_period_check" CHECK ("inventory_controls"."from_date" <= "inventory_controls"."to_date")
);
--> statement-breakpoint
ALTER TABLE "fares" ADD COLUMN "advance_purchase_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_controls" ADD CONSTRAINT "inventory_controls_schedule_id_flight_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."flight_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_controls_schedule_idx" ON "inventory_controls" USING btree ("schedule_id");
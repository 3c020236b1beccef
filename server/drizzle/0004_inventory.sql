CREATE TABLE "fares" (
	"id" serial PRIMARY KEY NOT NULL,
	"airline_code" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"class_code" text NOT NULL,
	"family" text NOT NULL,
	"cabin" text NOT NULL,
	"rank" smallint NOT NULL,
	"base_npr" integer NOT NULL,
	"base_usd" integer NOT NULL,
	"residential_npr" integer NOT NULL,
	"fuel_surcharge_npr" integer NOT NULL,
	"fuel_surcharge_usd" integer NOT NULL,
	"service_charge_npr" integer NOT NULL,
	"service_charge_usd" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"open_to_foreigners" boolean NOT NULL,
	"baggage" text NOT NULL,
	"refundable" boolean NOT NULL,
	"refund_rules" jsonb NOT NULL,
	CONSTRAINT "fares_route_class_unique" UNIQUE("airline_code","origin","destination","class_code")
);
--> statement-breakpoint
CREATE TABLE "flight_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"source" text NOT NULL,
	"airline_code" text NOT NULL,
	"flight_number" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"origin_time_zone" text NOT NULL,
	"destination_time_zone" text NOT NULL,
	"departure_minutes" smallint NOT NULL,
	"arrival_minutes" smallint NOT NULL,
	"arrival_day_offset" smallint DEFAULT 0 NOT NULL,
	"days_of_operation" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date NOT NULL,
	"aircraft" text NOT NULL,
	"seats_by_class" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_schedules_key_unique" UNIQUE("key"),
	CONSTRAINT "flight_schedules_period_check" CHECK ("flight_schedules"."effective_from" <= "flight_schedules"."effective_to")
);
--> statement-breakpoint
CREATE TABLE "flight_seats" (
	"schedule_id" integer NOT NULL,
	"flight_date" date NOT NULL,
	"class_code" text NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flight_seats_schedule_id_flight_date_class_code_pk" PRIMARY KEY("schedule_id","flight_date","class_code"),
	CONSTRAINT "flight_seats_not_oversold" CHECK ("flight_seats"."held" >= 0 and "flight_seats"."sold" >= 0 and "flight_seats"."held" + "flight_seats"."sold" <= "flight_seats"."capacity")
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"locator" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"status" text NOT NULL,
	"segments" jsonb NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flight_seats" ADD CONSTRAINT "flight_seats_schedule_id_flight_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."flight_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_schedules_origin_idx" ON "flight_schedules" USING btree ("origin");--> statement-breakpoint
CREATE INDEX "flight_seats_date_idx" ON "flight_seats" USING btree ("flight_date");
ALTER TABLE "booking_disruptions" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "booking_disruptions" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_disruptions" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "flight_disruptions" ADD COLUMN "change" text DEFAULT 'disrupted' NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_disruptions" ADD COLUMN "new_departure_local" text;--> statement-breakpoint
ALTER TABLE "booking_disruptions" ADD CONSTRAINT "booking_disruptions_resolution_check" CHECK ("booking_disruptions"."resolution" is null or "booking_disruptions"."resolution" in ('accepted', 'rebooked', 'refunded'));--> statement-breakpoint
ALTER TABLE "flight_disruptions" ADD CONSTRAINT "flight_disruptions_change_check" CHECK ("flight_disruptions"."change" in ('disrupted', 'cancelled', 'delayed', 'retimed'));
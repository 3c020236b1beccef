ALTER TABLE "booking_passengers" ADD COLUMN "display_name_ne" text;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "city_ne" text;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "country_name_ne" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "name_ne" text;
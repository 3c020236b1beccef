ALTER TABLE "tickets" DROP CONSTRAINT "tickets_pkey";--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_number_segment_index_pk" PRIMARY KEY("ticket_number","segment_index");--> statement-breakpoint
ALTER TABLE "booking_legs" ADD COLUMN "supplier_order_id" text;--> statement-breakpoint
ALTER TABLE "booking_legs" ADD COLUMN "airline_reference" text;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "passport_country" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status_reason" text;
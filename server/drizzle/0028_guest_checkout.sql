ALTER TABLE "users" DROP CONSTRAINT "users_contact_present";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contact_present" CHECK ("users"."email" is not null or "users"."mobile" is not null or ("users"."guest" and "users"."guest_email" is not null));
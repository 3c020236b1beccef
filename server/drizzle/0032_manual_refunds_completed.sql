ALTER TABLE "refunds" ADD COLUMN "completed_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "completed_by" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "agent_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"granted_commission_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_groups_commission_range" CHECK ("agent_groups"."granted_commission_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "granted_commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agent_group_id" uuid;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "default_granted_commission_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "max_granted_commission_percent" numeric(5, 2) DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_groups" ADD CONSTRAINT "agent_groups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_groups_brand_name_key" ON "agent_groups" USING btree ("brand_id","name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agent_group_id_agent_groups_id_fk" FOREIGN KEY ("agent_group_id") REFERENCES "public"."agent_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_granted_commission_range" CHECK ("users"."granted_commission_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_granted_commission_range" CHECK ("brands"."default_granted_commission_percent" between 0 and "brands"."max_granted_commission_percent" and "brands"."max_granted_commission_percent" <= 100);
-- Existing agents keep their own commission_percent, which now means their markup to their clients;
-- their granted commission is null, so the brand's default applies until an admin sets one.

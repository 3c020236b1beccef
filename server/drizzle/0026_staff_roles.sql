CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"email" text NOT NULL,
	"staff_role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"user_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."staff_role" in ('owner', 'finance', 'sales', 'support', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Every admin before roles could do everything: each becomes an owner (no change for them).
UPDATE "users" SET "staff_role" = 'owner' WHERE "type" = 'admin';--> statement-breakpoint
-- An admin made without a role (the seed, a new brand's first admin, an owner retyping a user) is
-- an owner, as before roles; a user retyped away from admin loses the role.
CREATE FUNCTION users_keep_staff_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type = 'admin' THEN
    NEW.staff_role := coalesce(NEW.staff_role, 'owner');
  ELSE
    NEW.staff_role := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_keep_staff_role BEFORE INSERT OR UPDATE OF type, staff_role ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_keep_staff_role();--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_brand_idx" ON "staff_invitations" USING btree ("brand_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."type" = 'admin') = ("users"."staff_role" is not null) and ("users"."staff_role" is null or "users"."staff_role" in ('owner', 'finance', 'sales', 'support', 'viewer')));
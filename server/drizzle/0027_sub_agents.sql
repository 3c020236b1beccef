ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_sign_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_master_agent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "master_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "master_granted_commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_master_agent_id_users_id_fk" FOREIGN KEY ("master_agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_master_agent_idx" ON "users" USING btree ("master_agent_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_master_granted_commission_range" CHECK ("users"."master_granted_commission_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sub_agent_not_master" CHECK (not ("users"."is_master_agent" and "users"."master_agent_id" is not null));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('top_up', 'booking_debit', 'refund_credit', 'settlement', 'change_debit', 'transfer_out', 'transfer_in', 'sub_agent_commission'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_sign_check" CHECK (("wallet_entries"."kind" in ('booking_debit', 'change_debit', 'transfer_out') and "wallet_entries"."amount" < 0) or ("wallet_entries"."kind" not in ('booking_debit', 'change_debit', 'transfer_out') and "wallet_entries"."amount" > 0));--> statement-breakpoint
-- Hand-written: a master agent's transfer to a sub-agent is two wallet entries (transfer_out on the
-- master, transfer_in on the sub-agent) whose counter lines meet on the brand's clearing account
-- `brand:<id>:agent-transfers`, which the pair leaves at zero. The master's part of a sub-agent's
-- booking (sub_agent_commission) is paid out of the brand's sales, like a refund.
CREATE OR REPLACE FUNCTION "wallet_entry_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_brand uuid;
BEGIN
  SELECT "brand_id" INTO entry_brand FROM "users" WHERE "id" = NEW."user_id";
  INSERT INTO "ledger_lines" ("wallet_entry_id", "brand_id", "account", "amount", "currency", "created_at")
  VALUES
    (NEW."id", entry_brand, 'agent:' || NEW."user_id", NEW."amount", NEW."currency", NEW."created_at"),
    (NEW."id", entry_brand,
     'brand:' || entry_brand || CASE
       WHEN NEW."kind" IN ('top_up', 'settlement') THEN ':bank'
       WHEN NEW."kind" IN ('transfer_out', 'transfer_in') THEN ':agent-transfers'
       ELSE ':sales' END,
     -NEW."amount", NEW."currency", NEW."created_at");
  RETURN NULL;
END
$$;

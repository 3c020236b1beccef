CREATE TABLE "ledger_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_entry_id" bigint NOT NULL,
	"brand_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_account_check" CHECK ("ledger_lines"."account" ~ '^(agent|brand|gateway|tax):')
);
--> statement-breakpoint
CREATE TABLE "wallet_statement_emails" (
	"user_id" uuid NOT NULL,
	"bs_year" smallint NOT NULL,
	"bs_month" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_statement_emails_user_id_bs_year_bs_month_pk" PRIMARY KEY("user_id","bs_year","bs_month"),
	CONSTRAINT "wallet_statement_emails_month_check" CHECK ("wallet_statement_emails"."bs_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_wallet_entry_id_wallet_entries_id_fk" FOREIGN KEY ("wallet_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_statement_emails" ADD CONSTRAINT "wallet_statement_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("wallet_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_wallet_credit_limit_check" CHECK ("users"."wallet_credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('top_up', 'booking_debit', 'refund_credit', 'settlement'));--> statement-breakpoint
-- Hand-written: every wallet entry gets its two double-entry lines in the same statement, whoever
-- inserts it (postWalletEntry, the demo seed): the agent's account moves by the entry's amount, the
-- brand's bank (top-ups, settlements) or sales (booking debits, refunds) account by its opposite.
CREATE FUNCTION "wallet_entry_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_brand uuid;
BEGIN
  SELECT "brand_id" INTO entry_brand FROM "users" WHERE "id" = NEW."user_id";
  INSERT INTO "ledger_lines" ("wallet_entry_id", "brand_id", "account", "amount", "currency", "created_at")
  VALUES
    (NEW."id", entry_brand, 'agent:' || NEW."user_id", NEW."amount", NEW."currency", NEW."created_at"),
    (NEW."id", entry_brand,
     'brand:' || entry_brand || CASE WHEN NEW."kind" IN ('top_up', 'settlement') THEN ':bank' ELSE ':sales' END,
     -NEW."amount", NEW."currency", NEW."created_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_ledger_lines" AFTER INSERT ON "wallet_entries"
  FOR EACH ROW EXECUTE FUNCTION "wallet_entry_ledger_lines"();--> statement-breakpoint
-- Hand-written: the entries written before this migration get their lines too.
INSERT INTO "ledger_lines" ("wallet_entry_id", "brand_id", "account", "amount", "currency", "created_at")
SELECT w."id", u."brand_id", side."account", side."amount", w."currency", w."created_at"
  FROM "wallet_entries" w
  JOIN "users" u ON u."id" = w."user_id"
  CROSS JOIN LATERAL (VALUES
    ('agent:' || w."user_id", w."amount"),
    ('brand:' || u."brand_id" || CASE WHEN w."kind" IN ('top_up', 'settlement') THEN ':bank' ELSE ':sales' END, -w."amount")
  ) AS side("account", "amount");

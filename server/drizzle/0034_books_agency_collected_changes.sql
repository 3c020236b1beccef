ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_one_journal_check";--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "booking_change_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_booking_change_id_booking_changes_id_fk" FOREIGN KEY ("booking_change_id") REFERENCES "public"."booking_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_booking_change_key" ON "ledger_lines" USING btree ("booking_change_id","account");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_one_journal_check" CHECK (num_nonnulls("ledger_lines"."wallet_entry_id", "ledger_lines"."payment_attempt_id", "ledger_lines"."refund_id", "ledger_lines"."tax_invoice_id", "ledger_lines"."credit_note_id", "ledger_lines"."booking_change_id") = 1);--> statement-breakpoint
-- Hand-written: a date change the agency collected from the traveller (a console change of a
-- traveller's booking, paid_with = 'agency') is money the brand received outside the app, and its
-- tax invoice already moved the VAT out of the sales. Its journal: the brand's clearing account
-- for money held outside the app, `brand:<brand>:agency-collected`, by minus the amount, and the
-- brand's sales by the amount (docs/finance-statements.md, "The books"). Changes are append-only,
-- so once each, in the statement that records the change.
CREATE FUNCTION "booking_change_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_brand uuid;
BEGIN
  IF NEW."paid_with" IS DISTINCT FROM 'agency' OR NEW."amount" = 0 THEN
    RETURN NULL;
  END IF;
  SELECT "brand_id" INTO change_brand FROM "bookings" WHERE "id" = NEW."booking_id";
  INSERT INTO "ledger_lines" ("booking_change_id", "brand_id", "account", "amount", "currency", "created_at")
  VALUES
    (NEW."id", change_brand, 'brand:' || change_brand || ':agency-collected', -NEW."amount", NEW."currency", NEW."created_at"),
    (NEW."id", change_brand, 'brand:' || change_brand || ':sales', NEW."amount", NEW."currency", NEW."created_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "booking_changes_ledger_lines" AFTER INSERT ON "booking_changes"
  FOR EACH ROW EXECUTE FUNCTION "booking_change_ledger_lines"();--> statement-breakpoint
-- The changes the agency collected before this migration get their journals too.
INSERT INTO "ledger_lines" ("booking_change_id", "brand_id", "account", "amount", "currency", "created_at")
SELECT c."id", b."brand_id", side."account", side."amount", c."currency", c."created_at"
  FROM "booking_changes" c
  JOIN "bookings" b ON b."id" = c."booking_id"
  CROSS JOIN LATERAL (VALUES
    ('brand:' || b."brand_id" || ':agency-collected', -c."amount"),
    ('brand:' || b."brand_id" || ':sales', c."amount")
  ) AS side("account", "amount")
 WHERE c."paid_with" = 'agency' AND c."amount" <> 0;

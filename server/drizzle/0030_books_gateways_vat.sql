ALTER TABLE "ledger_lines" ALTER COLUMN "wallet_entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "payment_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "tax_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_tax_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("tax_invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_payment_attempt_key" ON "ledger_lines" USING btree ("payment_attempt_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_refund_key" ON "ledger_lines" USING btree ("refund_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_tax_invoice_key" ON "ledger_lines" USING btree ("tax_invoice_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_credit_note_key" ON "ledger_lines" USING btree ("credit_note_id","account");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_one_journal_check" CHECK (num_nonnulls("ledger_lines"."wallet_entry_id", "ledger_lines"."payment_attempt_id", "ledger_lines"."refund_id", "ledger_lines"."tax_invoice_id", "ledger_lines"."credit_note_id") = 1);--> statement-breakpoint
-- Hand-written: the rest of the money movements become journals of ledger_lines, written by
-- triggers (as the wallet entries' are) in the statement that records the movement, so in its
-- transaction whoever writes it (docs/finance-statements.md, "The books"). Signs as for the wallet:
-- positive is what the books owe or earned, negative what they hold.
--
-- A gateway payment captured (the attempt becomes `paid`, or `excess`: money held for a refund):
-- the gateway holds it, the brand's sales earned it. Once per attempt (paid → excess adds nothing).
-- An attempt whose order is not a booking (none in the app) has no brand, hence no journal.
CREATE FUNCTION "payment_attempt_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  attempt_brand uuid;
BEGIN
  IF NEW."status" NOT IN ('paid', 'excess')
     OR (TG_OP = 'UPDATE' AND OLD."status" IN ('paid', 'excess'))
     OR NEW."order_id" !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
    RETURN NULL;
  END IF;
  SELECT "brand_id" INTO attempt_brand FROM "bookings" WHERE "id" = NEW."order_id"::uuid;
  IF attempt_brand IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "ledger_lines" ("payment_attempt_id", "brand_id", "account", "amount", "currency", "created_at")
  VALUES
    (NEW."id", attempt_brand, 'gateway:' || NEW."gateway", -NEW."amount_paisa", NEW."currency", coalesce(NEW."paid_at", now())),
    (NEW."id", attempt_brand, 'brand:' || attempt_brand || ':sales', NEW."amount_paisa", NEW."currency", coalesce(NEW."paid_at", now()));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_attempts_ledger_lines" AFTER INSERT OR UPDATE OF "status" ON "payment_attempts"
  FOR EACH ROW EXECUTE FUNCTION "payment_attempt_ledger_lines"();--> statement-breakpoint
-- A gateway refund completed (inserted completed, or pending → completed): the money leaves the
-- gateway and the brand's sales. A wallet refund is a wallet entry, in the books by its own trigger.
CREATE FUNCTION "refund_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refund_brand uuid;
BEGIN
  IF NEW."status" <> 'completed' OR NEW."method" = 'wallet' OR NEW."amount" = 0
     OR (TG_OP = 'UPDATE' AND OLD."status" = 'completed') THEN
    RETURN NULL;
  END IF;
  SELECT "brand_id" INTO refund_brand FROM "bookings" WHERE "id" = NEW."booking_id";
  INSERT INTO "ledger_lines" ("refund_id", "brand_id", "account", "amount", "currency", "created_at")
  VALUES
    (NEW."id", refund_brand, 'gateway:' || NEW."method", NEW."amount", NEW."currency", coalesce(NEW."completed_at", now())),
    (NEW."id", refund_brand, 'brand:' || refund_brand || ':sales', -NEW."amount", NEW."currency", coalesce(NEW."completed_at", now()));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refunds_ledger_lines" AFTER INSERT OR UPDATE OF "status" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "refund_ledger_lines"();--> statement-breakpoint
-- A tax invoice moves its VAT out of the brand's sales into what is owed to the tax office; a
-- credit note moves its share back. Documents are insert-only (0018), so once each.
CREATE FUNCTION "tax_document_ledger_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction integer := CASE WHEN TG_TABLE_NAME = 'credit_notes' THEN -1 ELSE 1 END;
BEGIN
  IF NEW."vat" = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO "ledger_lines" ("tax_invoice_id", "credit_note_id", "brand_id", "account", "amount", "currency", "created_at")
  SELECT CASE WHEN direction = 1 THEN NEW."id" END, CASE WHEN direction = -1 THEN NEW."id" END,
         NEW."brand_id", side."account", side."amount", NEW."currency", NEW."issued_at"
    FROM (VALUES
      ('brand:' || NEW."brand_id" || ':sales', -direction * NEW."vat"),
      ('tax:' || NEW."brand_id" || ':vat', direction * NEW."vat")
    ) AS side("account", "amount");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tax_invoices_ledger_lines" AFTER INSERT ON "tax_invoices"
  FOR EACH ROW EXECUTE FUNCTION "tax_document_ledger_lines"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_ledger_lines" AFTER INSERT ON "credit_notes"
  FOR EACH ROW EXECUTE FUNCTION "tax_document_ledger_lines"();--> statement-breakpoint
-- Hand-written: the payments, refunds and documents recorded before this migration get their
-- journals too, so the books of an existing database balance.
INSERT INTO "ledger_lines" ("payment_attempt_id", "brand_id", "account", "amount", "currency", "created_at")
SELECT a."id", b."brand_id", side."account", side."amount", a."currency", coalesce(a."paid_at", a."updated_at")
  FROM "payment_attempts" a
  JOIN "bookings" b ON b."id"::text = a."order_id"
  CROSS JOIN LATERAL (VALUES
    ('gateway:' || a."gateway", -a."amount_paisa"),
    ('brand:' || b."brand_id" || ':sales', a."amount_paisa")
  ) AS side("account", "amount")
 WHERE a."status" IN ('paid', 'excess');--> statement-breakpoint
INSERT INTO "ledger_lines" ("refund_id", "brand_id", "account", "amount", "currency", "created_at")
SELECT r."id", b."brand_id", side."account", side."amount", r."currency", coalesce(r."completed_at", r."created_at")
  FROM "refunds" r
  JOIN "bookings" b ON b."id" = r."booking_id"
  CROSS JOIN LATERAL (VALUES
    ('gateway:' || r."method", r."amount"),
    ('brand:' || b."brand_id" || ':sales', -r."amount")
  ) AS side("account", "amount")
 WHERE r."status" = 'completed' AND r."method" <> 'wallet' AND r."amount" <> 0;--> statement-breakpoint
INSERT INTO "ledger_lines" ("tax_invoice_id", "brand_id", "account", "amount", "currency", "created_at")
SELECT i."id", i."brand_id", side."account", side."amount", i."currency", i."issued_at"
  FROM "tax_invoices" i
  CROSS JOIN LATERAL (VALUES
    ('brand:' || i."brand_id" || ':sales', -i."vat"),
    ('tax:' || i."brand_id" || ':vat', i."vat")
  ) AS side("account", "amount")
 WHERE i."vat" <> 0;--> statement-breakpoint
INSERT INTO "ledger_lines" ("credit_note_id", "brand_id", "account", "amount", "currency", "created_at")
SELECT c."id", c."brand_id", side."account", side."amount", c."currency", c."issued_at"
  FROM "credit_notes" c
  CROSS JOIN LATERAL (VALUES
    ('brand:' || c."brand_id" || ':sales', c."vat"),
    ('tax:' || c."brand_id" || ':vat', -c."vat")
  ) AS side("account", "amount")
 WHERE c."vat" <> 0;

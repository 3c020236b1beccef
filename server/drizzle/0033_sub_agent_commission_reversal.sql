-- A sub_agent_commission_reversal (negative) reaches the books through the wallet_entries trigger of
-- 0027 like any other entry: agent:<master> by its amount, the brand's sales (the trigger's ELSE
-- branch) by minus it, the reverse of the sub_agent_commission it takes back.
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_sign_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('top_up', 'booking_debit', 'refund_credit', 'settlement', 'change_debit', 'transfer_out', 'transfer_in', 'sub_agent_commission', 'sub_agent_commission_reversal'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_sign_check" CHECK (("wallet_entries"."kind" in ('booking_debit', 'change_debit', 'transfer_out', 'sub_agent_commission_reversal') and "wallet_entries"."amount" < 0) or ("wallet_entries"."kind" not in ('booking_debit', 'change_debit', 'transfer_out', 'sub_agent_commission_reversal') and "wallet_entries"."amount" > 0));--> statement-breakpoint

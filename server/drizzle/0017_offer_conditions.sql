ALTER TABLE "fares" ADD COLUMN "conditions" jsonb;--> statement-breakpoint
-- Existing fares: the same conditions their refund rules and baggage text meant (fareConditions in
-- server/src/domain/flights/engine/fare-conditions.ts): Yeti Airlines' last refund tier is 1 h.
UPDATE "fares" SET "conditions" = jsonb_build_object(
  'refund', jsonb_build_object('allowed', true, 'tiers',
    CASE WHEN ("refund_rules"->>'fuelSurchargeOnly')::boolean THEN jsonb_build_array(
      jsonb_build_object(
        'hours_before_departure', CASE WHEN "airline_code" = 'YT' THEN to_jsonb(1) ELSE "refund_rules"->'closedWithinHours' END,
        'fee', jsonb_build_object('percent', 100)))
    ELSE jsonb_build_array(
      jsonb_build_object(
        'hours_before_departure', "refund_rules"->'lateWindowHours',
        'fee', jsonb_build_object('percent', "refund_rules"->'earlyFeePercent')),
      jsonb_build_object(
        'hours_before_departure', CASE WHEN "airline_code" = 'YT' THEN to_jsonb(1) ELSE "refund_rules"->'closedWithinHours' END,
        'fee', jsonb_build_object('percent', "refund_rules"->'lateFeePercent')))
    END),
  'change', CASE WHEN ("refund_rules"->>'fuelSurchargeOnly')::boolean
    THEN jsonb_build_object('allowed', false, 'tiers', '[]'::jsonb)
    ELSE jsonb_build_object('allowed', true, 'tiers', jsonb_build_array(jsonb_build_object(
      'hours_before_departure', 2,
      'fee', jsonb_build_object('percent', "refund_rules"->'earlyFeePercent'))))
    END,
  'no_show', jsonb_build_object('fee', jsonb_build_object('percent', 100)),
  'baggage', jsonb_build_object(
    'checked_kg', coalesce((regexp_match("baggage", '^\s*(\d+)\s*(?:\+\s*(\d+)\s*)?kg', 'i'))[1]::int, 0),
    'cabin_kg', coalesce((regexp_match("baggage", '^\s*(\d+)\s*(?:\+\s*(\d+)\s*)?kg', 'i'))[2]::int, 0)));--> statement-breakpoint
ALTER TABLE "fares" ALTER COLUMN "conditions" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fares" DROP COLUMN "refund_rules";

import { z } from 'zod';

/**
 * A fee kept by the airline: a percentage of the base fare (the VAT charged on the kept share is
 * kept with it), or a fixed amount in minor units of `currency`, per passenger and flight.
 * The fuel surcharge and the passenger service charge are never part of a fee: they always come back.
 */
export const conditionFeeSchema = z.union([
  z.object({ percent: z.number().min(0).max(100) }).strict(),
  z.object({ amount: z.number().int().min(0), currency: z.string().length(3) }).strict(),
]);
export type ConditionFee = z.infer<typeof conditionFeeSchema>;

export const conditionTierSchema = z.object({
  /** The tier applies when at least this many hours are left before departure. */
  hours_before_departure: z.number().min(0),
  fee: conditionFeeSchema,
});
export type ConditionTier = z.infer<typeof conditionTierSchema>;

/**
 * Whether a traveller may do something (cancel for a refund, change the date), and what it costs.
 * - `allowed: false`: never possible, at any time, and `tiers` is empty.
 * - `allowed: true`: `tiers` is non-empty, sorted by `hours_before_departure`, largest first. With
 *   `h` hours left before departure, the tier that applies is the first whose
 *   `hours_before_departure <= h`. Within the last (smallest) tier's hours, it is no longer possible.
 */
export const conditionRuleSchema = z
  .object({ allowed: z.boolean(), tiers: z.array(conditionTierSchema) })
  .refine((rule) => rule.allowed === rule.tiers.length > 0, {
    message: 'allowed is true exactly when there are tiers',
  })
  .refine(
    (rule) =>
      rule.tiers.every(
        (tier, i) =>
          i === 0 || tier.hours_before_departure < (rule.tiers[i - 1]?.hours_before_departure ?? 0),
      ),
    { message: 'tiers are sorted by hours_before_departure, largest first' },
  );
export type ConditionRule = z.infer<typeof conditionRuleSchema>;

/**
 * An offer's fare conditions as data, beside the sentence a traveller reads (`fare.refund_policy`,
 * written from this object). docs/search-engine.md describes them.
 * - `refund`: cancelling for a refund (what the airline keeps of the fare).
 * - `change`: changing the date, for a fee (plus any fare difference).
 * - `no_show`: what is kept from a traveller who does not fly (and, on fares whose airline says so,
 *   from one who cancels within the last refund tier's hours); null when no-show costs nothing.
 * - `baggage`: free allowance per passenger in kilograms: `checked_kg` 0 is none (hand baggage
 *   only); `cabin_kg` 0 is none stated by the fare (e.g. "15 KG"), the airline's usual hand baggage.
 */
export const offerConditionsSchema = z.object({
  refund: conditionRuleSchema,
  change: conditionRuleSchema,
  no_show: z.object({ fee: conditionFeeSchema }).nullable(),
  baggage: z.object({ checked_kg: z.number().min(0), cabin_kg: z.number().min(0) }),
});
export type OfferConditions = z.infer<typeof offerConditionsSchema>;

/** The tier that applies with `hoursLeft` hours before departure, or null when it is no longer possible. */
export function tierAt(rule: ConditionRule, hoursLeft: number): ConditionTier | null {
  if (!rule.allowed) return null;
  return rule.tiers.find((tier) => tier.hours_before_departure <= hoursLeft) ?? null;
}

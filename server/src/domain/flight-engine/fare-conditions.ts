import { formatMoney } from '#shared/format-money';
import type { ConditionFee, ConditionRule, ConditionTier, OfferConditions } from '#shared/offer-conditions';
import type { RefundRules } from '../../db/schema/inventory';

/** The fare families whose published rules domain-nepal.md gives (Buddha-Air-style classes). */
export type RuleFamily = 'flex' | 'apex' | 'saver';

/** Refund tiers above the last one: fee percent from this many hours before departure. */
const REFUND_PERCENTS: Record<RuleFamily, { earlyHours: number; early: number; late: number }> = {
  /** Y: 10 % more than 11 h before departure, 33.33 % within 11 h (domain-nepal.md). */
  flex: { earlyHours: 11, early: 10, late: 33.33 },
  /** A / Apex: 25 % / 50 % (domain-nepal.md; the 11 h window is Y's). */
  apex: { earlyHours: 11, early: 25, late: 50 },
  /** B / Bravo: only the fuel surcharge (and service charge) is refunded: the whole base fare is kept. */
  saver: { earlyHours: 11, early: 100, late: 100 },
};

/**
 * Airlines whose last refund tier is not Buddha Air's 2 h: Yeti Airlines counts cancelling within
 * 1 h of departure as a no-show (domain-nepal.md). Every other airline follows Buddha Air's
 * published rules, the only complete ones the doc gives.
 */
const LAST_REFUND_HOURS: Record<string, number> = { YT: 1 };
const BUDDHA_LAST_REFUND_HOURS = 2;
/** Date changes close 2 h before departure (domain-nepal.md). */
const CHANGE_CLOSES_HOURS = 2;

const percent = (value: number): ConditionFee => ({ percent: value });

/**
 * The fare conditions of one airline's class family, with its free baggage. Change fees are a
 * plausible default (domain-nepal.md says only "for a fee"): the family's early cancellation
 * percentage, and no changes on Saver fares. A no-show keeps the whole base fare ("no fare refund").
 */
export function fareConditions(
  airlineCode: string,
  family: RuleFamily,
  baggage: OfferConditions['baggage'],
): OfferConditions {
  const key = `${airlineCode}|${family}|${baggage.checked_kg}|${baggage.cabin_kg}`;
  const known = builtConditions.get(key);
  if (known) return known;
  const built = buildConditions(airlineCode, family, baggage);
  builtConditions.set(key, built);
  return built;
}

/** One object per airline, family and allowance, shared by every fare and offer that carries it. */
const builtConditions = new Map<string, OfferConditions>();

function buildConditions(
  airlineCode: string,
  family: RuleFamily,
  baggage: OfferConditions['baggage'],
): OfferConditions {
  const { earlyHours, early, late } = REFUND_PERCENTS[family];
  const lastHours = LAST_REFUND_HOURS[airlineCode] ?? BUDDHA_LAST_REFUND_HOURS;
  const refundTiers: ConditionTier[] =
    early === late
      ? [{ hours_before_departure: lastHours, fee: percent(early) }]
      : [
          { hours_before_departure: earlyHours, fee: percent(early) },
          { hours_before_departure: lastHours, fee: percent(late) },
        ];
  const changeTiers: ConditionTier[] =
    family === 'saver' ? [] : [{ hours_before_departure: CHANGE_CLOSES_HOURS, fee: percent(early) }];
  return {
    refund: { allowed: true, tiers: refundTiers },
    change: { allowed: changeTiers.length > 0, tiers: changeTiers },
    no_show: { fee: percent(100) },
    baggage,
  };
}

/**
 * Interns conditions so equal ones are one object: one per fare rule shared by every offer that
 * sells it, however many fare rows (routes) carry it.
 */
export function sharedConditions(): (conditions: OfferConditions) => OfferConditions {
  const seen = new Map<string, OfferConditions>();
  return (conditions) => {
    const key = JSON.stringify(conditions);
    const known = seen.get(key);
    if (known) return known;
    seen.set(key, conditions);
    return conditions;
  };
}

/** Whether cancelling can give back any of the base fare (the `refundable` flag travellers filter on). */
export const refundsFare = (conditions: OfferConditions) =>
  conditions.refund.tiers.some((tier) => !('percent' in tier.fee) || tier.fee.percent < 100);

/** Free baggage as travellers read it, e.g. `20 + 5 KG` (checked + hand). */
export function describeBaggage({ checked_kg, cabin_kg }: OfferConditions['baggage']): string {
  if (checked_kg === 0) return cabin_kg > 0 ? `Hand baggage only, ${cabin_kg} KG` : 'Hand baggage only';
  return cabin_kg > 0 ? `${checked_kg} + ${cabin_kg} KG` : `${checked_kg} KG`;
}

/** `20 + 5 KG`, `15 KG` or `Hand baggage only` read back into kilograms (0 where the text gives none). */
export function parseBaggage(text: string): OfferConditions['baggage'] {
  const match = /^\s*(\d+)\s*(?:\+\s*(\d+)\s*)?kg/i.exec(text);
  if (match) return { checked_kg: Number(match[1]), cabin_kg: Number(match[2] ?? 0) };
  const hand = /hand baggage only(?:,\s*(\d+)\s*kg)?/i.exec(text);
  return { checked_kg: 0, cabin_kg: hand?.[1] ? Number(hand[1]) : 0 };
}

/**
 * The conditions of a booking made before fares carried them (its segments kept the older refund
 * rules): the same tiers those rules meant.
 */
export function conditionsFromRefundRules(rules: RefundRules, baggage = ''): OfferConditions {
  const tiers: ConditionTier[] = rules.fuelSurchargeOnly
    ? [{ hours_before_departure: rules.closedWithinHours, fee: percent(100) }]
    : [
        { hours_before_departure: rules.lateWindowHours, fee: percent(rules.earlyFeePercent) },
        { hours_before_departure: rules.closedWithinHours, fee: percent(rules.lateFeePercent) },
      ];
  return {
    refund: { allowed: true, tiers },
    change: { allowed: false, tiers: [] },
    no_show: { fee: percent(100) },
    baggage: parseBaggage(baggage),
  };
}

export function describeFee(fee: ConditionFee): string {
  if ('percent' in fee) return `${fee.percent} % of the base fare`;
  return fee.currency === 'NPR' || fee.currency === 'USD'
    ? formatMoney(fee.amount, fee.currency, 'en')
    : `${fee.currency} ${(fee.amount / 100).toFixed(2)}`;
}

/**
 * One tier in words: its fee and when it applies, e.g. "33.33 % of the base fare between 2 h and
 * 11 h before departure" (the tiers above it bound it).
 */
export function describeTier(rule: ConditionRule, index: number): string {
  const tier = rule.tiers[index];
  if (!tier) return '';
  const previous = rule.tiers[index - 1];
  const h = tier.hours_before_departure;
  const when = !previous
    ? h > 0
      ? `${h} h or more before departure`
      : 'until departure'
    : h > 0
      ? `between ${h} h and ${previous.hours_before_departure} h before departure`
      : `less than ${previous.hours_before_departure} h before departure`;
  return `${describeFee(tier.fee)} ${when}`;
}

/** "10 % of the base fare 11 h or more before departure; 33.33 % … between 2 h and 11 h …". */
const describeTiers = (rule: ConditionRule) => rule.tiers.map((_, i) => describeTier(rule, i)).join('; ');

export const lastTierHours = (rule: ConditionRule) =>
  rule.tiers[rule.tiers.length - 1]?.hours_before_departure ?? 0;

/**
 * The sentence a traveller reads about cancelling, written from the conditions alone, so the text
 * says what the quote (quote-cancellation.ts, from the same tiers) charges.
 */
export function describeRefund(conditions: OfferConditions): string {
  const { refund, no_show } = conditions;
  const noShow = no_show ? `A no-show keeps ${describeFee(no_show.fee)}.` : 'A no-show costs nothing.';
  if (!refund.allowed) return `Non-refundable: this fare cannot be cancelled for a refund. ${noShow}`;
  const closes = lastTierHours(refund);
  const closing =
    closes > 0 ? ` Cancelling within ${closes} h of departure is not possible: it counts as a no-show.` : '';
  return `Cancellation fee: ${describeTiers(refund)}.${closing} The fuel surcharge and passenger service charge are refunded. ${noShow}`;
}

/** The sentence about changing the date, from the same data. */
export function describeChange(conditions: OfferConditions): string {
  const { change } = conditions;
  if (!change.allowed) return 'Date changes are not allowed.';
  const closes = lastTierHours(change);
  return `Date change fee (plus any fare difference): ${describeTiers(change)}.${closes > 0 ? ` No changes within ${closes} h of departure.` : ''}`;
}

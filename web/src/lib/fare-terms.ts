import { formatMoney } from '#shared/format-money';
import type { ConditionFee, ConditionRule, OfferConditions } from '#shared/offer-conditions';
import { fareTermsStrings } from './fare-terms-strings';
import type { TFunction } from './i18n';
import { addTranslations, currentLanguage } from './i18n';

addTranslations(fareTermsStrings);

/** The fare families the demo airlines and the default ladders sell; others keep their own name. */
const KNOWN_FAMILIES = new Set(['Apex', 'Business', 'Flex', 'Saver', 'Standard']);

/** A fare family's name in the traveller's language ("Saver" → "सेभर"). */
export function fareFamilyName(t: TFunction, family: string): string {
  return KNOWN_FAMILIES.has(family) ? t(`fareTerms.families.${family}`) : family;
}

/** Free baggage in the traveller's language, from the kilograms. */
export function baggageText(t: TFunction, baggage: OfferConditions['baggage']): string {
  const { checked_kg: checked, cabin_kg: cabin } = baggage;
  return checked === 0
    ? t('results.handBaggageOnly')
    : cabin > 0
      ? t('results.baggageKg', { checked, cabin })
      : t('results.baggageChecked', { checked });
}

function feeText(t: TFunction, fee: ConditionFee): string {
  if ('percent' in fee) return t('fareTerms.percentOfBase', { percent: fee.percent });
  return fee.currency === 'NPR' || fee.currency === 'USD'
    ? formatMoney(fee.amount, fee.currency, currentLanguage())
    : `${fee.currency} ${(fee.amount / 100).toFixed(2)}`;
}

/** The rule's tiers in words, each with when it applies (the tier above bounds it). */
function tiersText(t: TFunction, rule: ConditionRule): string {
  return rule.tiers
    .map((tier, index) => {
      const previous = rule.tiers[index - 1]?.hours_before_departure;
      const hours = tier.hours_before_departure;
      const when =
        previous === undefined
          ? hours > 0
            ? t('fareTerms.atLeast', { hours })
            : t('fareTerms.untilDeparture')
          : hours > 0
            ? t('fareTerms.between', { hours, previous })
            : t('fareTerms.lessThan', { previous });
      return t('fareTerms.tier', { fee: feeText(t, tier.fee), when });
    })
    .join('; ');
}

/**
 * The fare's cancellation rules in the traveller's language, written from the conditions data
 * (the same tiers the cancellation quote charges), as the server writes `refund_policy` in English
 * (server/src/domain/flight-engine/fare-conditions.ts, describeRefund).
 */
export function refundRulesText(t: TFunction, conditions: OfferConditions): string {
  const { refund, no_show } = conditions;
  const noShow = no_show
    ? t('fareTerms.noShowKeeps', { fee: feeText(t, no_show.fee) })
    : t('fareTerms.noShowFree');
  if (!refund.allowed) return `${t('fareTerms.nonRefundable')} ${noShow}`;
  const closes = refund.tiers.at(-1)?.hours_before_departure ?? 0;
  return [
    t('fareTerms.cancellationFee', { tiers: tiersText(t, refund) }),
    closes > 0 ? t('fareTerms.closed', { hours: closes }) : '',
    t('fareTerms.chargesRefunded'),
    noShow,
  ]
    .filter(Boolean)
    .join(' ');
}

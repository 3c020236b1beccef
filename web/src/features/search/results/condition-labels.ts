import { formatMoney } from '#shared/format-money';
import type { ConditionFee, ConditionRule, OfferConditions } from '#shared/offer-conditions';
import { baggageText } from '../../../lib/fare-terms';
import type { TFunction } from '../../../lib/i18n';
import { currentLanguage } from '../../../lib/i18n';

function feeText(fee: ConditionFee): string {
  if ('percent' in fee) return `${fee.percent} %`;
  return fee.currency === 'NPR' || fee.currency === 'USD'
    ? formatMoney(fee.amount, fee.currency, currentLanguage())
    : `${fee.currency} ${(fee.amount / 100).toFixed(2)}`;
}

/** The lowest fee a rule charges (its earliest tier), or null when it is not allowed. */
function fromFee(rule: ConditionRule): ConditionFee | null {
  return rule.allowed ? (rule.tiers[0]?.fee ?? null) : null;
}

/**
 * A fare family's conditions in short, for comparing families side by side: baggage kilograms and
 * the cancellation and date-change fees from the data (the full sentence is `refund_policy`).
 */
export function conditionLabels(t: TFunction, conditions: OfferConditions) {
  const baggage = baggageText(t, conditions.baggage);
  const refundFee = fromFee(conditions.refund);
  const keepsWholeFare = refundFee !== null && 'percent' in refundFee && refundFee.percent >= 100;
  const cancel =
    refundFee === null || keepsWholeFare
      ? t('results.nonRefundable')
      : t('results.cancelFee', { fee: feeText(refundFee) });
  const changeFee = fromFee(conditions.change);
  const change =
    changeFee === null ? t('results.noChanges') : t('results.changeFee', { fee: feeText(changeFee) });
  return { baggage, cancel, change, refundable: !(refundFee === null || keepsWholeFare) };
}

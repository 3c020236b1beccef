import type { RefundRules } from '../../../db/schema/inventory';

/** Child (2 to under 12): 33 % off the adult base fare (domain-nepal.md). */
export const CHILD_DISCOUNT_PERCENT = 33;
/** Infant (under 2, on an adult's lap): 10 % of the adult base fare (domain-nepal.md). */
export const INFANT_FARE_PERCENT = 10;
/** VAT on domestic air fares since July 2023, in basis points (domain-nepal.md). */
export const DOMESTIC_VAT_BASIS_POINTS = 1300;
/**
 * Plausible default, not from domain-nepal.md: international tickets are treated as zero-rated
 * for VAT. An agency can change it per fare row.
 */
export const INTERNATIONAL_VAT_BASIS_POINTS = 0;
/** Plausible default exchange rate, used only to derive USD amounts the doc does not give. */
export const NPR_PER_USD = 133;
/** Passenger service charge on domestic flights, NPR 200 (domain-nepal.md), in paisa. */
export const DOMESTIC_SERVICE_CHARGE_NPR = 200_00;
/** Plausible default USD service charge for foreigners on domestic flights, in cents. */
export const DOMESTIC_SERVICE_CHARGE_USD = 2_00;
/** Plausible default international service charge, in paisa and cents. */
export const INTERNATIONAL_SERVICE_CHARGE_NPR = 1_000_00;
export const INTERNATIONAL_SERVICE_CHARGE_USD = 8_00;
/** Plausible default: residential fare = NPR fare × this (foreigners resident 6+ months). */
export const RESIDENTIAL_FARE_FACTOR = 1.5;

/**
 * The charges and tax every fare of a route carries, domestic or international, beside its base
 * fare: the service charge in both currencies and the VAT rate.
 */
export function routeCharges(domestic: boolean) {
  return {
    serviceChargeNpr: domestic ? DOMESTIC_SERVICE_CHARGE_NPR : INTERNATIONAL_SERVICE_CHARGE_NPR,
    serviceChargeUsd: domestic ? DOMESTIC_SERVICE_CHARGE_USD : INTERNATIONAL_SERVICE_CHARGE_USD,
    vatBasisPoints: domestic ? DOMESTIC_VAT_BASIS_POINTS : INTERNATIONAL_VAT_BASIS_POINTS,
  };
}

/** Refund rules of the three Buddha-Air-style classes (domain-nepal.md). */
export const REFUND_RULES = {
  /** Y: 10 % fee more than 11 h before departure, 33.33 % within 11 h, none within 2 h. */
  flex: {
    earlyFeePercent: 10,
    lateFeePercent: 33.33,
    lateWindowHours: 11,
    closedWithinHours: 2,
    fuelSurchargeOnly: false,
  },
  /** A / Apex: 25 % / 50 %. */
  apex: {
    earlyFeePercent: 25,
    lateFeePercent: 50,
    lateWindowHours: 11,
    closedWithinHours: 2,
    fuelSurchargeOnly: false,
  },
  /** B / Bravo: only the fuel surcharge (and service charge) is refunded. */
  saver: {
    earlyFeePercent: 100,
    lateFeePercent: 100,
    lateWindowHours: 11,
    closedWithinHours: 2,
    fuelSurchargeOnly: true,
  },
} as const satisfies Record<string, RefundRules>;

/** The sentence a traveller reads about cancelling. */
export function describeRefund(rules: RefundRules): string {
  if (rules.fuelSurchargeOnly)
    return 'Non-refundable: only the fuel surcharge and service charge are refunded.';
  return (
    `Cancellation fee ${rules.earlyFeePercent} % of the fare more than ${rules.lateWindowHours} h before departure, ` +
    `${rules.lateFeePercent} % within ${rules.lateWindowHours} h; no cancellation within ${rules.closedWithinHours} h. ` +
    'No refund of the fare on a no-show.'
  );
}

/** Rounds a share of a minor-unit amount to a whole minor unit. */
export const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

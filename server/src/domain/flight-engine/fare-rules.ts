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
/** Tourism Service Fee: NPR 1,000 plus VAT on international tickets sold in Nepal (domain-nepal.md). */
export const TOURISM_SERVICE_FEE_NPR = 1_000_00;
/** The same fee for a ticket sold in USD, at NPR_PER_USD (plausible conversion), in cents. */
export const TOURISM_SERVICE_FEE_USD = Math.round(TOURISM_SERVICE_FEE_NPR / NPR_PER_USD);
/** VAT charged on the Tourism Service Fee, in basis points: Nepal's 13 %. */
export const TOURISM_SERVICE_FEE_VAT_BASIS_POINTS = 1300;

/** The Tourism Service Fee a fare of this route carries: international tickets only. */
export function tourismServiceFee(international: boolean) {
  return {
    tourismServiceFeeNpr: international ? TOURISM_SERVICE_FEE_NPR : 0,
    tourismServiceFeeUsd: international ? TOURISM_SERVICE_FEE_USD : 0,
  };
}

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

/** Rounds a share of a minor-unit amount to a whole minor unit. */
export const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

import type { Currency, OfferPrice, PassengerPrice, PassengerType } from '#shared/flights';
import {
  CHILD_DISCOUNT_PERCENT,
  INFANT_FARE_PERCENT,
  percentOf,
  TOURISM_SERVICE_FEE_VAT_BASIS_POINTS,
} from './fare-rules';
import type { FareClass } from './scheduled-leg';

/** Which fare a traveller pays: NPR (Nepali and Indian nationals), USD (others) or residential NPR. */
export type FareTier = 'npr' | 'usd' | 'residential';

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

export interface PricingContext {
  tier: FareTier;
  passengers: Passengers;
  /** The commission the agency grants the agent on the base fares, percent; ignored for travellers. */
  grantedCommissionPercent: number;
  agent: boolean;
}

export const currencyOf = (tier: FareTier): Currency => (tier === 'usd' ? 'USD' : 'NPR');

/** Passengers on seats: infants travel on a lap. */
export const seatedPassengers = (p: Passengers) => p.adults + p.children;

/** Whether a class may be sold to this tier: the lowest classes are closed to foreigners. */
export const openTo = (fare: FareClass, tier: FareTier) => tier === 'npr' || fare.openToForeigners;

function amountsOf(fare: FareClass, tier: FareTier) {
  if (tier === 'usd')
    return { base: fare.baseUsd, fuel: fare.fuelSurchargeUsd, service: fare.serviceChargeUsd };
  return {
    base: tier === 'residential' ? fare.residentialNpr : fare.baseNpr,
    fuel: fare.fuelSurchargeNpr,
    service: fare.serviceChargeNpr,
  };
}

/**
 * One passenger type's price on one fare: a child pays 67 % and an infant 10 % of the adult base
 * fare (of the class booked, so a child never pays more than an adult); infants pay no fuel
 * surcharge or service charge (plausible default). VAT is on base fare plus fuel surcharge.
 */
function passengerAmounts(fare: FareClass, tier: FareTier, type: PassengerType) {
  const { base, fuel, service } = amountsOf(fare, tier);
  const paidBase =
    type === 'adult'
      ? base
      : type === 'child'
        ? base - percentOf(base, CHILD_DISCOUNT_PERCENT)
        : percentOf(base, INFANT_FARE_PERCENT);
  const paidFuel = type === 'infant' ? 0 : fuel;
  const paidService = type === 'infant' ? 0 : service;
  const vat = Math.round(((paidBase + paidFuel) * fare.vatBasisPoints) / 10_000);
  return { base: paidBase, fuel: paidFuel, service: paidService, vat };
}

/**
 * The Tourism Service Fee of one ticket (one offer: its fares, one per segment) and its VAT, per
 * passenger: once per ticket however many international segments it has; infants, who hold no
 * seat, pay none (plausible default, as for the service charge).
 */
function tourismFeeOf(fares: FareClass[], tier: FareTier, type: PassengerType) {
  if (type === 'infant') return { fee: 0, vat: 0 };
  let fee = 0;
  for (const fare of fares) {
    fee = Math.max(fee, tier === 'usd' ? fare.tourismServiceFeeUsd : fare.tourismServiceFeeNpr);
  }
  return { fee, vat: Math.round((fee * TOURISM_SERVICE_FEE_VAT_BASIS_POINTS) / 10_000) };
}

/**
 * One passenger type's line of a price, from its amounts per passenger (minor units): the receipt's
 * lines (base fare, fuel surcharge, passenger service charge, VAT, Tourism Service Fee) sum to its total.
 */
export function passengerPrice(
  type: PassengerType,
  count: number,
  amounts: { base: number; fuel: number; service: number; vat: number; tourismServiceFee?: number },
): PassengerPrice {
  const { base, fuel, service, vat } = amounts;
  const tourismServiceFee = amounts.tourismServiceFee ?? 0;
  const total = base + fuel + service + vat + tourismServiceFee;
  return {
    type,
    count,
    base,
    fuel_surcharge: fuel,
    service_charge: service,
    vat,
    tourism_service_fee: tourismServiceFee,
    taxes: service + vat + tourismServiceFee,
    total,
    subtotal: total * count,
  };
}

/** The price of a set of fares (one per segment) for the passengers: integers in minor units. */

export function priceFares(fares: FareClass[], context: PricingContext): OfferPrice {
  const counts: [PassengerType, number][] = [
    ['adult', context.passengers.adults],
    ['child', context.passengers.children],
    ['infant', context.passengers.infants],
  ];
  const perPassenger: PassengerPrice[] = [];
  for (const [type, count] of counts) {
    if (count <= 0) continue;
    let base = 0;
    let fuel = 0;
    let service = 0;
    let vat = 0;
    for (const fare of fares) {
      const amounts = passengerAmounts(fare, context.tier, type);
      base += amounts.base;
      fuel += amounts.fuel;
      service += amounts.service;
      vat += amounts.vat;
    }
    const tourism = tourismFeeOf(fares, context.tier, type);
    perPassenger.push(
      passengerPrice(type, count, {
        base,
        fuel,
        service,
        vat: vat + tourism.vat,
        tourismServiceFee: tourism.fee,
      }),
    );
  }
  const total = perPassenger.reduce((sum, p) => sum + p.subtotal, 0);
  let commission: OfferPrice['commission'] = null;
  if (context.agent) {
    const baseTotal = perPassenger.reduce((sum, p) => sum + p.base * p.count, 0);
    const amount = percentOf(baseTotal, context.grantedCommissionPercent);
    commission = { percent: context.grantedCommissionPercent, amount, net_total: total - amount };
  }
  return { currency: currencyOf(context.tier), total, per_passenger: perPassenger, commission };
}

/**
 * The agent's own markup to their client on top of the agency's price (`total`): it raises what
 * the client pays and never changes what the agent pays the agency (`commission.net_total`).
 */
export function withAgentMarkup(price: OfferPrice, markupPercent: number): OfferPrice {
  // A sub-agent's price to their client starts from the agency's price plus their master's markup.
  const offered = price.total + (price.master_markup?.amount ?? 0);
  const amount = percentOf(offered, markupPercent);
  return { ...price, agent_markup: { percent: markupPercent, amount, selling_total: offered + amount } };
}

/**
 * A master agent's markup on their sub-agent's price (docs/accounts.md#sub-agents), percent of the agency's
 * price (`total`, unchanged): the sub-agent pays it on top of what they owe (`commission.net_total`)
 * and the master earns it. Nothing for 0 %.
 */
export function withMasterMarkup(price: OfferPrice, markupPercent: number): OfferPrice {
  if (markupPercent <= 0 || !price.commission) return price;
  const amount = percentOf(price.total, markupPercent);
  return {
    ...price,
    commission: { ...price.commission, net_total: price.commission.net_total + amount },
    master_markup: { percent: markupPercent, amount },
  };
}

/** Just the total of `priceFares` (no breakdown objects): for ranking candidates quickly. */
export function priceTotal(fares: FareClass[], context: PricingContext): number {
  let total = 0;
  for (const fare of fares) total += fareTotal(fare, context);
  // The Tourism Service Fee is once per ticket, not per flight: never in `fareTotal`.
  const seated = context.passengers.adults + context.passengers.children;
  if (seated > 0) {
    const tourism = tourismFeeOf(fares, context.tier, 'adult');
    total += (tourism.fee + tourism.vat) * seated;
  }
  return total;
}

/** `priceTotal` of one fare (nothing allocated: the search prices thousands of flights). */
export function fareTotal(fare: FareClass, context: PricingContext): number {
  const { adults, children, infants } = context.passengers;
  let total = 0;
  if (adults > 0) total += passengerTotal(fare, context.tier, 'adult') * adults;
  if (children > 0) total += passengerTotal(fare, context.tier, 'child') * children;
  if (infants > 0) total += passengerTotal(fare, context.tier, 'infant') * infants;
  return total;
}

/** One passenger's total in a fare (what `fareTotal` sums). */
export function passengerTotal(fare: FareClass, tier: FareTier, type: PassengerType): number {
  const a = passengerAmounts(fare, tier, type);
  return a.base + a.fuel + a.service + a.vat;
}

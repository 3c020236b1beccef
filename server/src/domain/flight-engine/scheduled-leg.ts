import type { OfferConditions } from '#shared/offer-conditions';

/** A fare class of an airline on a route; amounts in minor units (paisa for NPR, cents for USD). */
export interface FareClass {
  classCode: string;
  family: string;
  cabin: 'economy' | 'business';
  /** 1 is the cheapest. */
  rank: number;
  baseNpr: number;
  baseUsd: number;
  residentialNpr: number;
  fuelSurchargeNpr: number;
  fuelSurchargeUsd: number;
  serviceChargeNpr: number;
  serviceChargeUsd: number;
  vatBasisPoints: number;
  /**
   * Tourism Service Fee per ticket, before its VAT: charged on international tickets sold in Nepal
   * (every Tikat sale), 0 on domestic fares. Not stored: set from the route's countries when loaded.
   */
  tourismServiceFeeNpr: number;
  tourismServiceFeeUsd: number;
  openToForeigners: boolean;
  baggage: string;
  refundable: boolean;
  /** Refund and change tiers, no-show fee and baggage: one object shared by the offers that sell it. */
  conditions: OfferConditions;
  /** Advance purchase: the class closes this many days (× 24 h) before departure; 0 = never. */
  advancePurchaseDays: number;
}

/** A fare class on one route of one airline, as stored. */
export interface RouteFare extends FareClass {
  airlineCode: string;
  origin: string;
  destination: string;
}

/** A periodic scheduled leg, as the engine holds it. */
export interface ScheduledLeg {
  id: number;
  supplier: string;
  airlineCode: string;
  flightNumber: string;
  origin: string;
  destination: string;
  originTimeZone: string;
  destinationTimeZone: string;
  departureMinutes: number;
  arrivalMinutes: number;
  arrivalDayOffset: number;
  /** Bit mask of ISO weekdays, bit 0 = Monday. */
  weekdays: number;
  /** First and last local departure day numbers. */
  fromDay: number;
  toDay: number;
  aircraft: string;
  seatsByClass: Record<string, number>;
  /** The airline's name as an outside supplier gave it (house airlines' names come from the database). */
  airlineName?: string;
}

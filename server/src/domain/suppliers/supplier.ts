import type { Db } from '../../db/client';
import type { EngineOffer, OfferContext } from '../flights/engine/build-offers';

/** One leg to search: airports and the local departure days to try (the date, or its flexible window). */
export interface SupplierSearchLeg {
  origin: string;
  destination: string;
  days: number[];
}

export interface SupplierSearchOptions {
  legs: SupplierSearchLeg[];
  /** Who travels, which fare tier, cabin and commission: everything but the supplier's own seat counts. */
  context: Omit<OfferContext, 'supplier' | 'seatsLeft'>;
  maxStops: number;
  /** Dated flights the brand has marked cancelled (`U4601-2026-05-01`): never offered. */
  cancelledFlightIds?: ReadonlySet<string>;
  /** The brand whose exchange rates convert an outside supplier's prices (null: the defaults). */
  brandId?: string | null;
}

/** A supplier's answer for one leg: offers per searched day. */
export type SupplierLegResult = { day: number; offers: EngineOffer[] }[];

export interface PriceOfferOptions {
  offerId: string;
  agent: boolean;
  grantedCommissionPercent: number;
  /** Flights leaving before this instant are no longer sold. */
  notBeforeUtc: number;
  /** Whether seats taken are counted (default); false prices as if every seat were free. */
  countSeats?: boolean;
  /** Dated flights the brand has marked cancelled: an offer on one is gone. */
  cancelledFlightIds?: ReadonlySet<string>;
  /** The brand whose exchange rates convert an outside supplier's price (null: the defaults). */
  brandId?: string | null;
}

/** The result of re-pricing an offer: the offer as it stands, or why it cannot be sold. */
export type PriceOfferResult =
  | { status: 'available'; offer: EngineOffer }
  | { status: 'sold_out' }
  | { status: 'gone' };

/** One booking's offers to hold together: all of them or none. */
export interface HoldRequest {
  offers: EngineOffer[];
  expiresAt: Date;
}

/** A request's holds (one per offer, in order), or the first of its offers that is sold out. */
export type HoldOutcome = { holds: Hold[] } | { soldOutOffer: EngineOffer };

export interface Hold {
  locator: string;
  offer: EngineOffer;
  expiresAt: Date;
}

/**
 * A source of flights: the house inventory today, an airline's or aggregator's API later. Every
 * method takes the database handle to work in (a transaction handle when it must join one).
 */
export interface Supplier {
  readonly id: string;
  /**
   * An outside supplier's search budget in ms: a search answers without its offers when it takes
   * longer or fails. The house inventory has none (its failure fails the search), and the fare
   * calendar asks only suppliers without one (a month of days would be a month of outside calls).
   */
  readonly searchTimeoutMs?: number;
  /** False while a supplier sells through search and price checks only: bookings refuse its offers up front. */
  readonly bookable?: boolean;
  /** Offers for each requested leg, per day. */
  search(db: Db, options: SupplierSearchOptions): Promise<SupplierLegResult[]>;
  /** Re-prices one offer id of this supplier against current fares and seats. */
  price(db: Db, options: PriceOfferOptions): Promise<PriceOfferResult>;
  /**
   * Holds several bookings' offers in one go (in the caller's transaction when given one), each
   * request all or nothing, first come first served: the outcome of each request, in order.
   */
  holdMany(db: Db, requests: HoldRequest[]): Promise<HoldOutcome[]>;
  /** Turns a hold's seats into sold seats. */
  issue(db: Db, options: { locator: string }): Promise<void>;
  /** Releases a hold's or a ticket's seats. */
  cancel(db: Db, options: { locator: string }): Promise<void>;
}

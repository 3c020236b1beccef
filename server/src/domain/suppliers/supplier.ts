import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../db/client';
import type { EngineOffer, OfferContext } from '../flight-engine/build-offers';

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

/** A passenger as an outside supplier's order needs them (names as on the passport). */
export interface SupplierTraveller {
  type: 'adult' | 'child' | 'infant';
  title: 'Mr' | 'Mrs' | 'Ms' | 'Miss' | 'Mstr';
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | 'other';
  dateOfBirth: string | null;
  nationality: string;
  passportNumber: string | null;
  passportExpiry: string | null;
  /** The passport's issuing country (null: the nationality). */
  passportCountry: string | null;
}

/** Whom the airline contacts about the order. */
export interface SupplierContact {
  email: string;
  mobile: string;
}

/** One booking's offers to hold together: all of them or none. */
export interface HoldRequest {
  offers: EngineOffer[];
  /** The booking's brand: an outside supplier orders with the brand's own account when it has one. */
  brandId?: string | null;
  expiresAt: Date;
  /** The booking's passengers, in the booking's order (an outside supplier's order names them). */
  travellers?: SupplierTraveller[];
  contact?: SupplierContact;
}

/** A request's holds (one per offer, in order), or the first of its offers that is sold out. */
export type HoldOutcome = { holds: Hold[] } | { soldOutOffer: EngineOffer };

export interface Hold {
  locator: string;
  offer: EngineOffer;
  expiresAt: Date;
  /** An outside supplier's order made for the hold (Duffel's hold order), and the airline's reference. */
  orderId?: string;
  airlineReference?: string | null;
}

/** What issuing one leg needs: its locator, and for an outside supplier the leg as sold and who flies. */
export interface IssueOptions {
  locator: string;
  /** The booking's brand (its own account with an outside supplier, if saved). */
  brandId?: string | null;
  /** The leg's offer as sold (its `supplier_quote`: the supplier's offer, amount and passenger ids). */
  offer?: FlightOffer;
  /** The supplier's order already made for the leg (a hold order), if any. */
  orderId?: string | null;
  travellers?: SupplierTraveller[];
  contact?: SupplierContact;
}

/** An outside supplier's ticketed order: its id, the airline's reference and each traveller's e-ticket. */
export interface IssuedOrder {
  orderId: string;
  airlineReference: string | null;
  /** Per traveller, in the order `travellers` came in: the e-ticket number (null: none yet). */
  ticketNumbers: (string | null)[];
}

/** What cancelling an outside supplier's order gives back, in the supplier's currency. */
export interface SupplierCancellation {
  /** The supplier's cancellation (Duffel's `ore_…`): confirmed with `confirmCancellation`. */
  id: string;
  refundAmount: number;
  refundCurrency: string;
  confirmed: boolean;
}

/** What an outside supplier asks to move an order's journey to other flights, in its currency. */
export interface SupplierChangeOffer {
  /** The supplier's change offer (Duffel's `oco_…`): confirmed with `confirmChange`. */
  id: string;
  currency: string;
  /** The airline's penalty for the change (minor units). */
  penalty: number;
  /** What the change costs in all (penalty and fare difference; negative: money back), minor units. */
  changeTotal: number;
  /** The new flights' fare as if bought now (minor units). */
  newTotal: number;
  expiresAt: number;
}

/** Which journey of an order to move, and to which flights (as a search of the supplier showed them). */
export interface SupplierChangeRequest {
  orderId: string;
  brandId?: string | null;
  origin: string;
  destination: string;
  /** The new flights' local departure date (YYYY-MM-DD). */
  departureDate: string;
  /** The new flights, in order, as airline code and number (`QR647`). */
  flights: string[];
}

/** A supplier's change offer with the flights it moves the journey to (`QR647`, in order). */
export interface SupplierChangeOption extends SupplierChangeOffer {
  flights: string[];
}

/**
 * What the supplier says became of an order change it was asked to confirm: confirmed, with the
 * order as reissued; or not (yet), with when it can no longer be confirmed (epoch ms; Duffel's
 * `expires_at`): until then a confirmation the supplier received may still be made.
 */
export type SupplierChangeState =
  | { confirmed: true; order: IssuedOrder }
  | { confirmed: false; expiresAt: number };

/**
 * How long past a not-confirmed change's `expiresAt` it is still taken as possibly confirmable:
 * the supplier's clock and ours differ, and a confirmation it received just before may finish
 * just after.
 */
export const CHANGE_EXPIRY_MARGIN_MS = 60_000;

/** Whether a change the supplier has not confirmed can no longer be (past `expiresAt` and the margin). */
export function changeExpired(state: { expiresAt: number }, now = Date.now()): boolean {
  return now >= state.expiresAt + CHANGE_EXPIRY_MARGIN_MS;
}

/**
 * Thrown by `confirmChange` when the supplier was asked to confirm the change, its answer was lost
 * (timeout, dropped connection) and asking it what became of the change failed too, or it says
 * the change is not confirmed yet but could still be (before its `expiresAt`, given then): the
 * change may or may not be made at the supplier. `changeId` is the supplier's order change, to ask
 * again later with `checkChange`.
 */
export class SupplierChangeUnverified extends Error {
  constructor(
    readonly supplier: string,
    readonly changeId: string,
    message: string,
    readonly expiresAt?: number,
  ) {
    super(message);
    this.name = 'SupplierChangeUnverified';
  }
}

/** Why an outside supplier's order failed after the traveller paid (the money goes back). */
export class SupplierOrderFailed extends Error {
  constructor(
    readonly supplier: string,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
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
  /**
   * Turns a hold's seats into sold seats. An outside supplier orders (or pays its hold order)
   * here and answers the order; a failure it cannot recover from is a SupplierOrderFailed.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: the house inventory answers nothing
  issue(db: Db, options: IssueOptions): Promise<IssuedOrder | void>;
  /** Releases a hold's or a ticket's seats (an unpaid outside order is cancelled at no cost). */
  cancel(
    db: Db,
    options: { locator: string; orderId?: string | null; brandId?: string | null },
  ): Promise<void>;
  /**
   * An outside supplier whose paid orders are refunded by its own rules: quotes cancelling an
   * order (nothing cancelled yet), and confirms a quote.
   */
  quoteCancellation?(
    db: Db,
    options: { orderId: string; brandId?: string | null },
  ): Promise<SupplierCancellation>;
  confirmCancellation?(
    db: Db,
    options: { cancellationId: string; brandId?: string | null },
  ): Promise<SupplierCancellation>;
  /**
   * An outside supplier that reports the airline's schedule changes: accepts, on the traveller's
   * word, the changes to the order not yet answered (Duffel's airline-initiated changes); answers
   * how many were accepted.
   */
  acceptAirlineChanges?(db: Db, options: { orderId: string; brandId?: string | null }): Promise<number>;
  /**
   * An outside supplier whose brand may lack an account with it: whether it serves the brand
   * (absent: every brand).
   */
  servesBrand?(db: Db, brandId: string | null): Promise<boolean>;
  /**
   * An outside supplier that changes its paid orders itself: its offer to move the order's journey
   * to the requested flights (nothing changed yet; CHANGE_UNAVAILABLE when it offers none), and
   * confirming such an offer, paying its change total: the order as reissued.
   */
  quoteChange?(db: Db, request: SupplierChangeRequest): Promise<SupplierChangeOffer>;
  /**
   * Every change offer the supplier makes for moving the order's journey to the date (one order
   * change request; CHANGE_REFUSED when the journey is not in the order), each with its flights.
   */
  listChangeOffers?(db: Db, request: Omit<SupplierChangeRequest, 'flights'>): Promise<SupplierChangeOption[]>;
  /**
   * What became of an order change `confirmChange` asked for (SupplierChangeUnverified's
   * `changeId`): confirmed, with the order as reissued, or not (yet), with when it no longer can
   * be. Throws when the supplier cannot be asked (ask again later).
   */
  checkChange?(
    db: Db,
    options: { orderId: string; brandId?: string | null; changeId: string; passengerIds: string[] },
  ): Promise<SupplierChangeState>;
  confirmChange?(
    db: Db,
    options: {
      orderId: string;
      brandId?: string | null;
      changeOfferId: string;
      /** The change total quoted (minor units): a dearer change is refused (PRICE_CHANGED). */
      changeTotal: number;
      currency: string;
      /** The leg's Duffel passenger ids, per traveller in the booking's order. */
      passengerIds: string[];
    },
  ): Promise<IssuedOrder>;
  // confirmChange: when the confirmation's answer is lost (timeout, dropped connection) the
  // supplier is asked what became of the change: confirmed, the order as reissued is answered as
  // usual; not, and past its expiry (changeExpired), the failure is thrown; not yet but still
  // confirmable, or unknown (the supplier cannot be asked): SupplierChangeUnverified.
}

import { Duffel, DuffelError } from '@duffel/api';
import type {
  CreateOrder,
  Offer,
  OfferSliceSegment,
  Order,
  OrderCancellation,
  OrderChange,
  OrderChangeOffer,
} from '@duffel/api/types';
import type { OfferPrice, PassengerPrice } from '#shared/flights';
import type { ConditionRule, OfferConditions } from '#shared/offer-conditions';
import { localToUtc } from '#shared/time/zoned';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  convertAmount,
  decimalOf,
  minorUnitsOf,
  type RateTable,
  rateOf,
} from '../exchange-rates/convert-amount';
import { loadExchangeRates } from '../exchange-rates/load-exchange-rates';
import type { EngineOffer, EngineSegment } from '../flight-engine/build-offers';
import { dateOf, localDay } from '../flight-engine/calendar';
import { percentOf } from '../flight-engine/fare-rules';
import type { DatedFlight, FareClass, ScheduledLeg } from '../flight-engine/flight-network';
import { decodeOfferId, encodeOfferId } from '../flight-engine/offer-id';
import { currencyOf, type FareTier, type Passengers, passengerPrice } from '../flight-engine/price-offer';
import { duffelOrderPassengers } from './duffel-order-passengers';
import { newLocator } from './new-locator';
import {
  changeExpired,
  type Hold,
  type HoldOutcome,
  type HoldRequest,
  type IssuedOrder,
  type IssueOptions,
  type PriceOfferResult,
  type Supplier,
  type SupplierCancellation,
  type SupplierChangeOffer,
  type SupplierChangeOption,
  type SupplierChangeState,
  SupplierChangeUnverified,
  SupplierOrderFailed,
} from './supplier';
import { SupplierTimeout, withinTimeout } from './within-timeout';

export const DUFFEL_SUPPLIER = 'duffel';

export interface DuffelSupplierOptions {
  /** The deployment's token (DUFFEL_ACCESS_TOKEN); null: only brands with their own token are served. */
  accessToken: string | null;
  /** Duffel's address (DUFFEL_API_URL), given to the client as its base path. */
  apiUrl: string;
  /** How long a search waits for Duffel (SUPPLIER_TIMEOUT_MS); also sent as Duffel's supplier_timeout. */
  timeoutMs: number;
  /**
   * A brand's own access token, when it saved one (null: the deployment's `accessToken`). Every
   * call made for a brand — search, price, order, pay, cancel — uses the brand's token.
   */
  brandToken?: (db: Db, brandId: string) => Promise<string | null>;
}

type DuffelApiError = InstanceType<typeof DuffelError>;

/**
 * Duffel gives no ages at search time: children are asked for as 8-year-olds and infants as
 * 1-year-olds (Duffel wants an age for anyone not an adult); the booking sends the real birth dates.
 */
const CHILD_SEARCH_AGE = 8;
const INFANT_SEARCH_AGE = 1;
/** Duffel counts bags, not kilograms: one checked piece is read as 23 kg, a cabin bag as 7 kg (usual economy allowances). */
const CHECKED_PIECE_KG = 23;
const CABIN_BAG_KG = 7;
/** Duffel does not say how many seats are left; offers show the most a GDS shows. */
const SEATS_SHOWN = 9;

export function duffelPassengers(p: Passengers) {
  return [
    ...Array.from({ length: p.adults }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: p.children }, () => ({ age: CHILD_SEARCH_AGE })),
    ...Array.from({ length: p.infants }, () => ({ age: INFANT_SEARCH_AGE })),
  ];
}

interface Conversion {
  tier: FareTier;
  passengers: Passengers;
  agent: boolean;
  grantedCommissionPercent: number;
  rates: RateTable;
}

const isDuffelError = (error: unknown): error is DuffelApiError =>
  error instanceof DuffelError ||
  (typeof error === 'object' && error !== null && 'errors' in error && 'meta' in error);

/** Whether Duffel says the offer is gone (unknown, expired or sold). */
function offerGone(error: unknown): boolean {
  if (!isDuffelError(error)) return false;
  const status = error.meta?.status ?? (error as { status?: number }).status;
  return status === 404 || error.errors?.some((e) => e.code === 'offer_no_longer_available') === true;
}

/** A Duffel failure as Tikat's error: SUPPLIER_UNAVAILABLE naming Duffel and its request id. */
export function supplierFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof SupplierTimeout)
    return new AppError('SUPPLIER_UNAVAILABLE', undefined, undefined, {
      supplier: DUFFEL_SUPPLIER,
      reason: 'timeout',
    });
  const details = isDuffelError(error)
    ? {
        supplier: DUFFEL_SUPPLIER,
        reason: error.errors?.[0]?.code ?? 'error',
        request_id: error.meta?.request_id,
      }
    : { supplier: DUFFEL_SUPPLIER, reason: 'unreachable' };
  return new AppError('SUPPLIER_UNAVAILABLE', undefined, undefined, details);
}

/** Passenger types in Tikat's order (adults, children, infants), each with its Duffel passenger ids. */
function passengerIdsInOrder(offer: Pick<Offer, 'passengers'>): string[] {
  const rank = (type: string | null) => (type === 'adult' ? 0 : type === 'child' ? 1 : 2);
  return [...offer.passengers].sort((a, b) => rank(a.type) - rank(b.type)).map((p) => p.id);
}

function conditionRule(
  condition: Offer['conditions']['refund_before_departure'],
  currency: string,
  target: string,
  rates: RateTable,
  flights: number,
): ConditionRule {
  if (!condition?.allowed) return { allowed: false, tiers: [] };
  if (condition.penalty_amount === null || condition.penalty_currency === null)
    return { allowed: true, tiers: [{ hours_before_departure: 0, fee: { percent: 0 } }] };
  const penalty = convertAmount(
    minorUnitsOf(condition.penalty_amount, condition.penalty_currency),
    condition.penalty_currency || currency,
    target,
    rates,
  );
  // Tikat's fee is per passenger and flight; Duffel's penalty is per passenger for the journey.
  return {
    allowed: true,
    tiers: [{ hours_before_departure: 0, fee: { amount: Math.ceil(penalty / flights), currency: target } }],
  };
}

function conditionsOf(offer: Offer, flights: number, target: string, rates: RateTable): OfferConditions {
  const firstPassenger = offer.slices[0]?.segments[0]?.passengers[0];
  const checked = firstPassenger?.baggages.find((b) => b.type === 'checked')?.quantity ?? 0;
  const cabin = firstPassenger?.baggages.find((b) => b.type === 'carry_on')?.quantity ?? 0;
  const refund = conditionRule(
    offer.conditions.refund_before_departure,
    offer.total_currency,
    target,
    rates,
    flights,
  );
  return {
    refund,
    change: conditionRule(
      offer.conditions.change_before_departure,
      offer.total_currency,
      target,
      rates,
      flights,
    ),
    // Duffel states no no-show terms: a traveller who does not fly is refunded nothing.
    no_show: { fee: { percent: 100 } },
    baggage: { checked_kg: checked * CHECKED_PIECE_KG, cabin_kg: cabin * CABIN_BAG_KG },
  };
}

function baggageText(conditions: OfferConditions) {
  const { checked_kg, cabin_kg } = conditions.baggage;
  return checked_kg > 0 ? `${checked_kg} + ${cabin_kg} KG` : `${cabin_kg} KG`;
}

function datedFlightOf(segment: OfferSliceSegment, fare: FareClass): DatedFlight {
  const originZone = segment.origin.time_zone;
  const destinationZone = segment.destination.time_zone;
  const departUtc = localToUtc(segment.departing_at, originZone);
  const arriveUtc = localToUtc(segment.arriving_at, destinationZone);
  const day = localDay(departUtc, originZone);
  const arrivalDay = localDay(arriveUtc, destinationZone);
  const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
  const leg: ScheduledLeg = {
    id: 0,
    supplier: DUFFEL_SUPPLIER,
    airlineCode:
      segment.marketing_carrier.iata_code ?? segment.marketing_carrier.name.slice(0, 2).toUpperCase(),
    airlineName: segment.marketing_carrier.name,
    flightNumber: segment.marketing_carrier_flight_number,
    origin: segment.origin.iata_code ?? '',
    destination: segment.destination.iata_code ?? '',
    originTimeZone: originZone,
    destinationTimeZone: destinationZone,
    departureMinutes: minutesOf(segment.departing_at),
    arrivalMinutes: minutesOf(segment.arriving_at),
    arrivalDayOffset: arrivalDay - day,
    weekdays: 0,
    fromDay: day,
    toDay: day,
    aircraft: segment.aircraft?.name ?? '',
    seatsByClass: {},
  };
  return { leg, day, departUtc, arriveUtc, arrivalDay, fares: [fare], ladder: [fare], finalLoad: Number.NaN };
}

/**
 * Duffel's total in the traveller's currency, shared out per passenger (Duffel prices the offer as
 * a whole): each passenger's share of the base fare and of the taxes, rounded up to the minor unit.
 */
function priceOf(offer: Offer, conversion: Conversion): OfferPrice {
  const target = currencyOf(conversion.tier);
  const { rates, passengers } = conversion;
  const total = convertAmount(
    minorUnitsOf(offer.total_amount, offer.total_currency),
    offer.total_currency,
    target,
    rates,
  );
  const base = convertAmount(
    minorUnitsOf(offer.base_amount, offer.base_currency),
    offer.base_currency,
    target,
    rates,
  );
  const people = passengers.adults + passengers.children + passengers.infants;
  const baseShare = Math.ceil(base / people);
  const taxShare = Math.ceil((total - base) / people);
  const perPassenger: PassengerPrice[] = (
    [
      ['adult', passengers.adults],
      ['child', passengers.children],
      ['infant', passengers.infants],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([type, count]) =>
      passengerPrice(type, count, { base: baseShare, fuel: 0, service: taxShare, vat: 0 }),
    );
  const sum = perPassenger.reduce((s, p) => s + p.subtotal, 0);
  let commission: OfferPrice['commission'] = null;
  if (conversion.agent) {
    const amount = percentOf(baseShare * people, conversion.grantedCommissionPercent);
    commission = { percent: conversion.grantedCommissionPercent, amount, net_total: sum - amount };
  }
  return { currency: target, total: sum, per_passenger: perPassenger, commission };
}

/** A Duffel offer (its first slice: Tikat searches one leg per offer request) in Tikat's shape. */
export function engineOfferOf(offer: Offer, conversion: Conversion): EngineOffer | undefined {
  const slice = offer.slices[0];
  if (!slice || slice.segments.length === 0) return undefined;
  const target = currencyOf(conversion.tier);
  const conditions = conditionsOf(offer, slice.segments.length, target, conversion.rates);
  const segments: EngineSegment[] = slice.segments.map((segment) => {
    const passenger = segment.passengers[0];
    const fare: FareClass = {
      classCode: (passenger?.fare_basis_code?.[0] ?? 'Y').toUpperCase(),
      family: slice.fare_brand_name ?? passenger?.cabin_class_marketing_name ?? 'Economy',
      cabin:
        passenger?.cabin_class === 'business' || passenger?.cabin_class === 'first' ? 'business' : 'economy',
      rank: 1,
      baseNpr: 0,
      baseUsd: 0,
      residentialNpr: 0,
      fuelSurchargeNpr: 0,
      fuelSurchargeUsd: 0,
      serviceChargeNpr: 0,
      serviceChargeUsd: 0,
      vatBasisPoints: 0,
      tourismServiceFeeNpr: 0,
      tourismServiceFeeUsd: 0,
      openToForeigners: true,
      baggage: baggageText(conditions),
      refundable: conditions.refund.allowed,
      conditions,
      advancePurchaseDays: 0,
    };
    return { flight: datedFlightOf(segment, fare), fare, seatsLeft: SEATS_SHOWN };
  });
  const first = segments[0] as EngineSegment;
  const last = segments[segments.length - 1] as EngineSegment;
  const amount = minorUnitsOf(offer.total_amount, offer.total_currency);
  return {
    id: encodeOfferId({
      supplier: DUFFEL_SUPPLIER,
      segments: [],
      supplierOfferId: offer.id,
      passengers: conversion.passengers,
      tier: conversion.tier,
    }),
    supplier: DUFFEL_SUPPLIER,
    segments,
    stops: segments.length - 1,
    departUtc: first.flight.departUtc,
    arriveUtc: last.flight.arriveUtc,
    seatsLeft: SEATS_SHOWN,
    price: priceOf(offer, conversion),
    supplierQuote: {
      offerId: offer.id,
      amount,
      currency: offer.total_currency,
      rate: offer.total_currency === 'NPR' ? null : rateOf(conversion.rates, offer.total_currency),
      passengerIds: passengerIdsInOrder(offer),
      identityDocumentsRequired: offer.passenger_identity_documents_required,
      requiresInstantPayment: offer.payment_requirements.requires_instant_payment,
      expiresAt: Date.parse(offer.expires_at),
    },
  };
}

/** A Duffel order cancellation in the supplier's terms. */
function cancellationOf(cancellation: OrderCancellation): SupplierCancellation {
  return {
    id: cancellation.id,
    refundAmount: minorUnitsOf(cancellation.refund_amount ?? '0', cancellation.refund_currency ?? 'GBP'),
    refundCurrency: cancellation.refund_currency ?? 'GBP',
    confirmed: Boolean(cancellation.confirmed_at),
  };
}

/** Why an order or its payment failed at Duffel, as the booking will say it. */
function orderFailure(error: unknown): SupplierOrderFailed {
  if (error instanceof SupplierOrderFailed) return error;
  if (error instanceof SupplierTimeout)
    return new SupplierOrderFailed(DUFFEL_SUPPLIER, 'timeout', 'The airline did not answer in time.');
  if (isDuffelError(error)) {
    const first = error.errors?.[0];
    return new SupplierOrderFailed(
      DUFFEL_SUPPLIER,
      first?.code ?? 'error',
      first?.message ?? 'The airline refused the order.',
    );
  }
  return new SupplierOrderFailed(DUFFEL_SUPPLIER, 'unreachable', 'The airline could not be reached.');
}

/** A Duffel order change offer in the supplier's terms (a missing amount is nothing to pay). */
export function changeOfferOf(offer: OrderChangeOffer): SupplierChangeOffer {
  const currency = offer.change_total_currency ?? offer.new_total_currency;
  const minor = (amount: string | null, of: string | null) =>
    amount ? minorUnitsOf(amount, of ?? currency) : 0;
  return {
    id: offer.id,
    currency,
    penalty: minor(offer.penalty_amount, offer.penalty_currency),
    changeTotal: minor(offer.change_total_amount, offer.change_total_currency),
    newTotal: minor(offer.new_total_amount, offer.new_total_currency),
    expiresAt: Date.parse(offer.expires_at),
  };
}

/** Whether Duffel says the change offer (or the pending change made from it) has expired. */
function changeOfferExpired(error: unknown): boolean {
  if (!isDuffelError(error)) return false;
  return error.errors?.some((e) => /expired|no_longer_available/.test(e.code ?? '')) === true;
}

/** A refusal of an order change as Tikat's error: expired, refused by the airline, or unreachable. */
function changeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (changeOfferExpired(error))
    return new AppError(
      'OFFER_EXPIRED',
      'The airline’s offer for this change has expired. Ask for a new quote.',
      undefined,
      { supplier: DUFFEL_SUPPLIER },
    );
  if (isDuffelError(error)) {
    const status = error.meta?.status ?? 0;
    const first = error.errors?.[0];
    if (status >= 400 && status < 500 && first?.type !== 'authentication_error')
      return new AppError('CHANGE_REFUSED', undefined, undefined, {
        supplier: DUFFEL_SUPPLIER,
        reason: first?.code ?? 'refused',
        request_id: error.meta?.request_id,
      });
    if (first?.type === 'airline_error')
      return new AppError('CHANGE_REFUSED', undefined, undefined, {
        supplier: DUFFEL_SUPPLIER,
        reason: first.code ?? 'airline_error',
        request_id: error.meta?.request_id,
      });
  }
  return supplierFailure(error);
}

/**
 * Whether a failed call leaves its outcome unknown: no answer in time, the connection dropped
 * (no Duffel error at all), or Duffel's own server error. Duffel's refusals (4xx, an airline's
 * error) are answers: the change was not made.
 */
function outcomeUnknown(error: unknown): boolean {
  if (error instanceof SupplierTimeout) return true;
  if (!isDuffelError(error)) return !(error instanceof AppError);
  const first = error.errors?.[0];
  return (error.meta?.status ?? 0) >= 500 && first?.type === 'api_error';
}

/** `QR647` for a Duffel segment: its marketing carrier's code and flight number. */
const flightOf = (
  segment: Pick<OfferSliceSegment, 'marketing_carrier' | 'marketing_carrier_flight_number'>,
) => `${segment.marketing_carrier.iata_code ?? ''}${segment.marketing_carrier_flight_number}`;

/** The flights a change offer moves the journey to, in order (`QR647`). */
const flightsOfChange = (offer: OrderChangeOffer) =>
  (offer.slices.add[0]?.segments ?? []).map((segment) => flightOf(segment));

/** Duffel's Flights API through its official client: search, re-price, hold, order, pay, cancel. */
export function duffelSupplier(options: DuffelSupplierOptions): Supplier {
  const client = options.accessToken
    ? new Duffel({ token: options.accessToken, basePath: options.apiUrl })
    : null;
  const brandClients = new Map<string, Duffel>();
  /** The client with the brand's own token when it saved one, else the deployment's (null: neither). */
  const ownClientFor = async (db: Db, brandId: string | null | undefined): Promise<Duffel | null> => {
    const token = brandId && options.brandToken ? await options.brandToken(db, brandId) : null;
    if (!token || token === options.accessToken) return client;
    let own = brandClients.get(token);
    if (!own) {
      own = new Duffel({ token, basePath: options.apiUrl });
      brandClients.set(token, own);
    }
    return own;
  };
  /** As ownClientFor, for a call that cannot go without an account: SUPPLIER_UNAVAILABLE (`no_account`). */
  const clientFor = async (db: Db, brandId: string | null | undefined): Promise<Duffel> => {
    const found = await ownClientFor(db, brandId);
    if (!found)
      throw new AppError('SUPPLIER_UNAVAILABLE', undefined, undefined, {
        supplier: DUFFEL_SUPPLIER,
        reason: 'no_account',
      });
    return found;
  };

  const convertOrSkip = (offer: Offer, conversion: Conversion) => {
    try {
      return engineOfferOf(offer, conversion);
    } catch {
      // An offer in a currency without a rate, or malformed: left out, the others still sell.
      return undefined;
    }
  };

  /** Every order call is bounded like the price check: past SUPPLIER_TIMEOUT_MS it is a timeout. */
  const call = <T>(promise: Promise<T>) => withinTimeout(promise, options.timeoutMs);

  const cancelOrder = async (client: Duffel, orderId: string) => {
    const quote = (await call(client.orderCancellations.create({ order_id: orderId }))).data;
    await call(client.orderCancellations.confirm(quote.id));
  };

  /**
   * One booking's offers: an offer that may be held becomes a Duffel hold order now (the airline
   * keeps the seats until the order is paid); one that must be paid at once is held in Tikat only
   * (the booking's hold ends by the offer's expiry), its instant order made once the traveller paid.
   */
  const holdOne = async (client: Duffel, request: HoldRequest): Promise<HoldOutcome> => {
    const holds: Hold[] = [];
    for (const offer of request.offers) {
      const quote = offer.supplierQuote;
      if (!quote) return { soldOutOffer: offer };
      if (quote.requiresInstantPayment) {
        holds.push({ locator: newLocator(), offer, expiresAt: request.expiresAt });
        continue;
      }
      const { passengers } = duffelOrderPassengers(
        request.travellers ?? [],
        quote.passengerIds,
        request.contact ?? { email: '', mobile: '' },
      );
      try {
        const order = (
          await call(
            client.orders.create({
              selected_offers: [quote.offerId],
              // Duffel's hold order (guide "Holding Orders and Paying Later"); the client's type
              // still names it by its older word.
              type: 'hold' as CreateOrder['type'],
              passengers,
            }),
          )
        ).data;
        holds.push({
          locator: order.id,
          offer,
          expiresAt: request.expiresAt,
          orderId: order.id,
          airlineReference: order.booking_reference ?? null,
        });
      } catch (error) {
        // All or nothing: the hold orders already made for this booking are cancelled.
        await Promise.all(
          holds.flatMap((h) => (h.orderId ? [cancelOrder(client, h.orderId).catch(() => undefined)] : [])),
        );
        if (offerGone(error)) return { soldOutOffer: offer };
        throw supplierFailure(error);
      }
    }
    return { holds };
  };

  /**
   * Guide "Changing an order": the order's slice to remove and the search for its replacement on
   * the date (an order change request); the request's change offers, listed by its id.
   */
  const changeOffersFor = async (
    client: Duffel,
    request: { orderId: string; origin: string; destination: string; departureDate: string },
  ): Promise<OrderChangeOffer[]> => {
    const order = (await call(client.orders.get(request.orderId))).data;
    const slice = order.slices.find(
      (s) => s.origin.iata_code === request.origin && s.destination.iata_code === request.destination,
    );
    if (!slice)
      throw new AppError('CHANGE_REFUSED', undefined, undefined, {
        supplier: DUFFEL_SUPPLIER,
        reason: 'slice_not_found',
      });
    const changeRequest = (
      await call(
        client.orderChangeRequests.create({
          order_id: order.id,
          slices: {
            remove: [{ slice_id: slice.id }],
            add: [
              {
                origin: request.origin,
                destination: request.destination,
                departure_date: request.departureDate,
                cabin_class: slice.segments[0]?.passengers[0]?.cabin_class ?? 'economy',
              },
            ],
          },
        }),
      )
    ).data;
    return (
      await call(
        client.orderChangeOffers.list({
          order_change_request_id: changeRequest.id,
        } as Parameters<typeof client.orderChangeOffers.list>[0]),
      )
    ).data;
  };

  /** The order as it stands, with each traveller's e-ticket (per passenger id, in order). */
  const reissuedOrder = async (client: Duffel, orderId: string, passengerIds: string[]) => {
    const order = (await call(client.orders.get(orderId))).data;
    const tickets = (order.documents ?? []).filter((d) => d.type === 'electronic_ticket');
    return {
      orderId: order.id,
      airlineReference: order.booking_reference ?? null,
      ticketNumbers: passengerIds.map(
        (id) => tickets.find((d) => d.passenger_ids.includes(id))?.unique_identifier ?? null,
      ),
    };
  };

  /**
   * Whether Duffel made the order change (its `confirmed_at`), and then the order as reissued; if
   * not, until when it still could be (its `expires_at`; none: taken as expired already).
   */
  const changeStateOf = async (
    client: Duffel,
    changeId: string,
    request: { orderId: string; passengerIds: string[] },
  ): Promise<SupplierChangeState> => {
    // The client types the answer as a change offer; Duffel answers the order change itself.
    const change = (await call(client.orderChanges.get(changeId))).data as unknown as OrderChange;
    if (!change.confirmed_at) {
      const expiresAt = change.expires_at ? Date.parse(change.expires_at) : Number.NaN;
      return { confirmed: false, expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0 };
    }
    return { confirmed: true, order: await reissuedOrder(client, request.orderId, request.passengerIds) };
  };

  return {
    id: DUFFEL_SUPPLIER,
    searchTimeoutMs: options.timeoutMs,

    async servesBrand(db: Db, brandId: string | null) {
      return (await ownClientFor(db, brandId)) !== null;
    },

    async search(db: Db, search) {
      const client = await ownClientFor(db, search.brandId);
      if (!client) return search.legs.map(() => []);
      const rates = await loadExchangeRates(db, search.brandId ?? null);
      const { context } = search;
      const conversion: Conversion = {
        tier: context.tier,
        passengers: context.passengers,
        agent: context.agent,
        grantedCommissionPercent: context.grantedCommissionPercent,
        rates,
      };
      return Promise.all(
        search.legs.map((leg) =>
          Promise.all(
            leg.days.map(async (day) => {
              const { data } = await client.offerRequests.create({
                slices: [
                  {
                    origin: leg.origin,
                    destination: leg.destination,
                    departure_date: dateOf(day),
                    arrival_time: null,
                    departure_time: null,
                  },
                ],
                passengers: duffelPassengers(context.passengers),
                ...(context.cabin ? { cabin_class: context.cabin } : {}),
                max_connections: Math.min(2, search.maxStops) as 0 | 1 | 2,
                return_offers: true,
                supplier_timeout: options.timeoutMs,
              });
              const offers = data.offers
                .map((offer) => convertOrSkip(offer as Offer, conversion))
                .filter((o): o is EngineOffer => o !== undefined && o.departUtc >= context.notBeforeUtc);
              return { day, offers };
            }),
          ),
        ),
      );
    },

    async price(db: Db, request): Promise<PriceOfferResult> {
      const ref = decodeOfferId(request.offerId);
      if (!ref?.supplierOfferId || ref.supplier !== DUFFEL_SUPPLIER) return { status: 'gone' };
      const client = await ownClientFor(db, request.brandId);
      if (!client) return { status: 'gone' };
      let offer: Offer;
      try {
        offer = (await withinTimeout(client.offers.get(ref.supplierOfferId), options.timeoutMs)).data;
      } catch (error) {
        if (offerGone(error)) return { status: 'gone' };
        throw supplierFailure(error);
      }
      if (Date.parse(offer.expires_at) <= Date.now()) return { status: 'gone' };
      const rates = await loadExchangeRates(db, request.brandId ?? null);
      const priced = engineOfferOf(offer, {
        tier: ref.tier,
        passengers: ref.passengers,
        agent: request.agent,
        grantedCommissionPercent: request.grantedCommissionPercent,
        rates,
      });
      if (!priced || priced.departUtc < request.notBeforeUtc) return { status: 'gone' };
      return { status: 'available', offer: priced };
    },

    async holdMany(db: Db, requests): Promise<HoldOutcome[]> {
      const outcomes: HoldOutcome[] = [];
      for (const request of requests)
        outcomes.push(await holdOne(await clientFor(db, request.brandId), request));
      return outcomes;
    },

    async issue(db: Db, request: IssueOptions): Promise<IssuedOrder> {
      const client = await clientFor(db, request.brandId);
      const quote = request.offer?.supplier_quote;
      if (!quote) throw new SupplierOrderFailed(DUFFEL_SUPPLIER, 'no_offer', 'The leg has no Duffel offer.');
      const { passengers, idOf } = duffelOrderPassengers(
        request.travellers ?? [],
        quote.passenger_ids,
        request.contact ?? { email: '', mobile: '' },
      );
      let order: Order;
      try {
        if (request.orderId) {
          // A hold order: paid from the Duffel balance at the price the traveller paid, or not at all.
          const held = (await call(client.orders.get(request.orderId))).data;
          const total = minorUnitsOf(held.total_amount, held.total_currency);
          if (held.total_currency !== quote.currency || total !== quote.amount)
            throw new SupplierOrderFailed(
              DUFFEL_SUPPLIER,
              'price_changed',
              `The airline now asks ${held.total_amount} ${held.total_currency} instead of ${decimalOf(quote.amount, quote.currency)} ${quote.currency}.`,
            );
          if (held.payment_status.awaiting_payment)
            await call(
              client.payments.create({
                order_id: held.id,
                payment: { type: 'balance', amount: held.total_amount, currency: held.total_currency },
              }),
            );
          order = (await call(client.orders.get(held.id))).data;
        } else {
          order = (
            await call(
              client.orders.create({
                selected_offers: [quote.offer_id],
                type: 'instant',
                passengers,
                payments: [
                  {
                    type: 'balance',
                    amount: decimalOf(quote.amount, quote.currency),
                    currency: quote.currency,
                  },
                ],
              }),
            )
          ).data;
        }
      } catch (error) {
        throw orderFailure(error);
      }
      const tickets = (order.documents ?? []).filter((d) => d.type === 'electronic_ticket');
      return {
        orderId: order.id,
        airlineReference: order.booking_reference ?? null,
        ticketNumbers: idOf.map(
          (id) => tickets.find((d) => d.passenger_ids.includes(id))?.unique_identifier ?? null,
        ),
      };
    },

    async cancel(db: Db, request) {
      // An unpaid hold order is cancelled at no cost; if Duffel cannot be reached it lapses by
      // itself at its payment_required_by, so a failure here does not stop the caller.
      const client = request.orderId ? await ownClientFor(db, request.brandId) : null;
      if (client && request.orderId) await cancelOrder(client, request.orderId).catch(() => undefined);
    },

    async quoteCancellation(db: Db, request): Promise<SupplierCancellation> {
      const client = await clientFor(db, request.brandId);
      try {
        return cancellationOf(
          (await call(client.orderCancellations.create({ order_id: request.orderId }))).data,
        );
      } catch (error) {
        throw supplierFailure(error);
      }
    },

    async acceptAirlineChanges(db: Db, request): Promise<number> {
      const client = await clientFor(db, request.brandId);
      // Duffel's airline-initiated changes of the order (guide "Handling airline-initiated
      // changes"): each one not yet answered that Duffel can accept is accepted.
      try {
        const changes = (await call(client.airlineInitiatedChanges.list(request.orderId))).data ?? [];
        const open = changes.filter((c) => c.action_taken === null && c.available_actions.includes('accept'));
        for (const change of open) await call(client.airlineInitiatedChanges.accept(change.id));
        return open.length;
      } catch (error) {
        throw supplierFailure(error);
      }
    },

    async listChangeOffers(db: Db, request): Promise<SupplierChangeOption[]> {
      const client = await clientFor(db, request.brandId);
      try {
        return (await changeOffersFor(client, request)).map((offer) => ({
          ...changeOfferOf(offer),
          flights: flightsOfChange(offer),
        }));
      } catch (error) {
        throw changeFailure(error);
      }
    },

    async quoteChange(db: Db, request): Promise<SupplierChangeOffer> {
      const client = await clientFor(db, request.brandId);
      try {
        const listed = await changeOffersFor(client, request);
        const wanted = request.flights.join();
        const chosen = listed.find(
          (offer) =>
            offer.slices.add.length === 1 &&
            flightsOfChange(offer).join() === wanted &&
            Date.parse(offer.expires_at) > Date.now(),
        );
        if (!chosen)
          throw new AppError(
            'CHANGE_REFUSED',
            listed.length === 0
              ? 'The airline offers no change to this flight. The booking is unchanged.'
              : 'The airline does not offer a change to the chosen flights. The booking is unchanged: choose another flight.',
            undefined,
            {
              supplier: DUFFEL_SUPPLIER,
              reason: listed.length === 0 ? 'no_change_offers' : 'flight_not_offered',
            },
          );
        return changeOfferOf(chosen);
      } catch (error) {
        throw changeFailure(error);
      }
    },

    async confirmChange(db: Db, request): Promise<IssuedOrder> {
      const client = await clientFor(db, request.brandId);
      let pendingId: string;
      let confirmation: Parameters<typeof client.orderChanges.confirm>[1];
      try {
        const pending = (
          await call(client.orderChanges.create({ selected_order_change_offer: request.changeOfferId }))
        ).data;
        pendingId = pending.id;
        const total = minorUnitsOf(
          pending.change_total_amount ?? '0',
          pending.change_total_currency ?? 'GBP',
        );
        if (pending.change_total_currency !== request.currency || total > request.changeTotal)
          throw new AppError('PRICE_CHANGED', undefined, undefined, { supplier: DUFFEL_SUPPLIER });
        // A change that costs something is paid from the Duffel balance; one that costs nothing or
        // gives money back is confirmed without a payment (API reference "Confirm an order change").
        confirmation =
          total > 0
            ? {
                payment: {
                  type: 'balance',
                  amount: pending.change_total_amount ?? '0',
                  currency: pending.change_total_currency ?? request.currency,
                },
              }
            : {};
      } catch (error) {
        throw changeFailure(error);
      }
      try {
        await call(client.orderChanges.confirm(pendingId, confirmation));
      } catch (error) {
        if (!outcomeUnknown(error)) throw changeFailure(error);
        // The confirmation's answer was lost: Duffel may have changed the order all the same. Its
        // order change says (API reference "Get a single order change": `confirmed_at`).
        let state: SupplierChangeState;
        try {
          state = await changeStateOf(client, pendingId, request);
        } catch {
          throw new SupplierChangeUnverified(
            DUFFEL_SUPPLIER,
            pendingId,
            `Duffel did not answer the confirmation of order change ${pendingId}, nor whether it was made.`,
          );
        }
        if (state.confirmed) return state.order;
        if (changeExpired(state)) throw changeFailure(error);
        // Not confirmed yet, but Duffel may still be making it from our confirmation until the
        // order change expires: held pending, asked again (verify-supplier-changes) until known.
        throw new SupplierChangeUnverified(
          DUFFEL_SUPPLIER,
          pendingId,
          `Duffel did not answer the confirmation of order change ${pendingId}, and has not made it yet; ` +
            `it may until ${new Date(state.expiresAt).toISOString()}.`,
          state.expiresAt,
        );
      }
      try {
        return await reissuedOrder(client, request.orderId, request.passengerIds);
      } catch {
        // Confirmed, but the reissued order could not be read: asked again later.
        throw new SupplierChangeUnverified(
          DUFFEL_SUPPLIER,
          pendingId,
          `Duffel confirmed order change ${pendingId} but its order could not be read.`,
        );
      }
    },

    async checkChange(db: Db, request): Promise<SupplierChangeState> {
      const client = await clientFor(db, request.brandId);
      try {
        return await changeStateOf(client, request.changeId, request);
      } catch (error) {
        throw supplierFailure(error);
      }
    },

    async confirmCancellation(db: Db, request): Promise<SupplierCancellation> {
      const client = await clientFor(db, request.brandId);
      try {
        return cancellationOf((await call(client.orderCancellations.confirm(request.cancellationId))).data);
      } catch (error) {
        throw supplierFailure(error);
      }
    },
  };
}

import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localToUtc, utcToLocal } from '#shared/time/zoned';
import {
  SANDBOX_AIRLINES,
  SANDBOX_AIRPORTS,
  SANDBOX_FARE_BRANDS,
  SANDBOX_ITINERARIES,
  type SandboxAirport,
  type SandboxItinerary,
} from './catalog';

/**
 * A local stand-in for Duffel's Flights API (v2), for development and tests: a real HTTP server
 * answering the calls Tikat's adapter makes, in the request and response shapes of Duffel's API
 * reference and of `@duffel/api`'s types, with Duffel's error envelope. It keeps offers, orders
 * and cancellations in memory, and its faults let tests make it slow, failing, expired or dearer.
 */

export interface DuffelSandboxFaults {
  /** Every answer waits this many milliseconds. */
  delayMs: number;
  /** Every request is answered with this status (e.g. 500 or 503) in Duffel's error envelope. */
  failStatus: number | null;
  /** Offers fetched or ordered are no longer available (`offer_no_longer_available`). */
  expireOffers: boolean;
  /** Added to an offer's total (minor units of its currency) when it is fetched again. */
  priceIncreaseMinor: number;
  /** Creating an order fails with `airline_error` (the airline refused it). */
  failOrders: boolean;
  /** Order change requests find no flights: their `order_change_offers` are empty. */
  noChangeOffers: boolean;
  /** Order change offers are past their `expires_at` when an order change is made from one. */
  expireChangeOffers: boolean;
  /** Confirming an order change fails with `airline_error` (the airline refused it). */
  failChanges: boolean;
  /**
   * Confirming an order change is done at once but answered this many milliseconds late (Duffel
   * confirmed it; the answer arrives after the caller gave up).
   */
  changeConfirmDelayMs: number;
  /**
   * Confirming an order change drops the connection without an answer: `before` the change is
   * made (nothing changed yet: the order change stays pending until its `expires_at`, and
   * `confirmLostChange` makes Duffel finish the confirmation later), or `after` (the order changed,
   * the caller never told).
   */
  changeConfirmDrop: 'before' | 'after' | null;
  /**
   * Order change offers carry these amounts (decimal strings in the order's currency) instead of
   * the stand-in's own: e.g. the published example's, to check Tikat's reading of them end to end.
   */
  changeOfferAmounts: {
    penalty_amount: string;
    change_total_amount: string;
    new_total_amount: string;
  } | null;
  /** Every request's connection is dropped without an answer (Duffel cannot be reached). */
  unreachable: boolean;
  /** Once an order change's confirmation is received, the stand-in becomes `unreachable`. */
  unreachableAfterChangeConfirm: boolean;
}

export const NO_FAULTS: DuffelSandboxFaults = {
  delayMs: 0,
  failStatus: null,
  expireOffers: false,
  priceIncreaseMinor: 0,
  failOrders: false,
  noChangeOffers: false,
  expireChangeOffers: false,
  failChanges: false,
  changeConfirmDelayMs: 0,
  changeConfirmDrop: null,
  changeOfferAmounts: null,
  unreachable: false,
  unreachableAfterChangeConfirm: false,
};

/** Thrown inside the stand-in: the request's connection is dropped without an answer. */
class DropConnection extends Error {}

/** One request as the stand-in received it (for tests to read what Tikat sent). */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** What the airline did to an order's flights: moved them by some minutes, or cancelled them. */
export type ScheduleChange = { delayMinutes: number } | { cancelled: true };

/** A webhook event as Duffel sends it (v2 shape), e.g. `order.airline_initiated_change_detected`. */
export interface SandboxWebhookEvent {
  id: string;
  api_version: 'v2';
  type: string;
  data: { object: Json };
  live_mode: false;
  idempotency_key: string;
  created_at: string;
  identity_organisation_id: string;
}

export interface DuffelSandbox {
  url: string;
  faults: DuffelSandboxFaults;
  received: ReceivedRequest[];
  /**
   * The airline changes an order's schedule (as Duffel detects it): an airline-initiated change is
   * recorded on the order (`removed`: its slices before, `added`: after; none when cancelled), and
   * the event Duffel would send about it is answered, ready for `sendWebhook`.
   */
  changeSchedule(orderId: string, change: ScheduleChange): SandboxWebhookEvent;
  /**
   * Duffel finishes a confirmation of the order change whose connection it dropped before making
   * it (`changeConfirmDrop: 'before'`), a moment later: the change is made as the confirmation
   * asked (refused as Duffel would if the order change has expired meanwhile). Answers the order
   * change as confirmed.
   */
  confirmLostChange(changeId: string): Json;
  /**
   * Moves a pending order change's `expires_at` (and its change offer's) to `at` (default: an hour
   * ago): past it, it can no longer be confirmed.
   */
  expireOrderChange(changeId: string, at?: Date): void;
  /**
   * Sends an event to a webhook receiver as Duffel does: a POST of its JSON with
   * `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`.
   */
  sendWebhook(
    url: string,
    secret: string,
    event: SandboxWebhookEvent,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** Duffel's webhook signature (guide "Receiving Webhooks"; duffel_api's WebhookEvent.genuine?). */
export function signDuffelWebhook(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Offers stay valid this long after the search (Duffel's offers last minutes, not hours). */
const OFFER_LIFETIME_MS = 30 * 60_000;
/** A held order must be paid within this long (and before departure). */
const HOLD_PAYMENT_WINDOW_MS = 24 * 3_600_000;
const CANCELLATION_QUOTE_MS = 15 * 60_000;
/** An order change offer, and the pending order change made from it, must be confirmed within this long. */
const CHANGE_OFFER_LIFETIME_MS = 30 * 60_000;

type Json = Record<string, unknown>;

interface StoredOffer {
  offer: Json;
  totalMinor: number;
  baseMinor: number;
  taxMinor: number;
  currency: string;
  refundPenaltyMinor: number | null;
  expiresAt: number;
  airline: string;
  passengerIds: string[];
  passengerTypes: string[];
}

interface StoredOrder {
  order: Json;
  offer: StoredOffer;
}

/** An order change offer: the flights that replace a slice of an order, and what the change costs. */
interface StoredChangeOffer {
  changeOffer: Json;
  orderId: string;
  removedSliceId: string;
  replacement: StoredOffer;
  changeTotalMinor: number;
  expiresAt: number;
}

class DuffelError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly source?: { field: string; pointer: string },
  ) {
    super(message);
  }
}

const id = (prefix: string) => `${prefix}_0000${randomBytes(12).toString('base64url').replace(/[-_]/g, 'A')}`;
const minorOf = (amount: number) => Math.round(amount * 100);
const decimal = (minor: number) => (minor / 100).toFixed(2);

function placeOf(airport: SandboxAirport): Json {
  return {
    type: 'airport',
    id: `arp_${airport.iata.toLowerCase()}_${airport.country.toLowerCase()}`,
    name: airport.name,
    iata_code: airport.iata,
    icao_code: airport.icao,
    iata_country_code: airport.country,
    iata_city_code: airport.iata,
    city_name: airport.city,
    city: null,
    latitude: airport.latitude,
    longitude: airport.longitude,
    time_zone: airport.timeZone,
  };
}

function airlineOf(code: string): Json {
  const airline = SANDBOX_AIRLINES[code];
  return {
    id: `arl_00009VME7D6ivUu8dn35W${code}`,
    name: airline?.name ?? code,
    iata_code: code,
    logo_symbol_url: null,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
  };
}

const isoDuration = (minutes: number) =>
  `PT${Math.floor(minutes / 60)}H${String(minutes % 60).padStart(2, '0')}M`;

/** Local wall time of an instant, without offset, as Duffel writes `departing_at`. */
const wallTime = (utc: number, timeZone: string) => utcToLocal(utc, timeZone).iso.slice(0, 19);

interface RequestedPassenger {
  id: string;
  type: 'adult' | 'child' | 'infant_without_seat';
  age: number | null;
}

function passengerTypeOf(p: Json): RequestedPassenger['type'] {
  if (p.type === 'adult') return 'adult';
  const age = typeof p.age === 'number' ? p.age : 30;
  if (age < 2) return 'infant_without_seat';
  if (age < 12) return 'child';
  return 'adult';
}

/** One offer for an itinerary in a fare brand on a date (the slice's departure date at its origin). */
function buildOffer(
  itinerary: SandboxItinerary,
  brand: (typeof SANDBOX_FARE_BRANDS)[number],
  date: string,
  passengers: RequestedPassenger[],
  cabin: string,
): StoredOffer | undefined {
  const segments: Json[] = [];
  let departUtc = Number.NaN;
  let previousArrival = 0;
  for (const [i, f] of itinerary.flights.entries()) {
    const origin = SANDBOX_AIRPORTS[f.origin] as SandboxAirport;
    const destination = SANDBOX_AIRPORTS[f.destination] as SandboxAirport;
    let departs: number;
    if (i === 0) departs = localToUtc(`${date}T${f.departs}`, origin.timeZone);
    else departs = previousArrival + (itinerary.layoverMinutes[i - 1] ?? 90) * 60_000;
    if (i === 0) departUtc = departs;
    const arrives = departs + f.durationMinutes * 60_000;
    previousArrival = arrives;
    segments.push({
      id: id('seg'),
      origin: placeOf(origin),
      destination: placeOf(destination),
      origin_terminal: f.origin === 'KTM' ? 'I' : '1',
      destination_terminal: '1',
      departing_at: wallTime(departs, origin.timeZone),
      arriving_at: wallTime(arrives, destination.timeZone),
      duration: isoDuration(f.durationMinutes),
      distance: null,
      aircraft: {
        id: `arc_00009UhD4ongolulWd9${f.aircraft.iata}`,
        iata_code: f.aircraft.iata,
        name: f.aircraft.name,
      },
      marketing_carrier: airlineOf(f.airline),
      marketing_carrier_flight_number: f.flightNumber,
      operating_carrier: airlineOf(f.airline),
      operating_carrier_flight_number: f.flightNumber,
      stops: [],
      passengers: passengers.map((p) => ({
        passenger_id: p.id,
        cabin_class: cabin,
        cabin_class_marketing_name: cabin === 'business' ? 'Business' : 'Economy',
        fare_basis_code: brand.factor > 1 ? 'YLOWNP' : 'OLOWNP',
        cabin: null,
        baggages: [
          { type: 'checked', quantity: p.type === 'infant_without_seat' ? 0 : brand.factor > 1 ? 2 : 1 },
          { type: 'carry_on', quantity: 1 },
        ],
      })),
    });
  }
  const cabinFactor = cabin === 'business' ? 3.2 : 1;
  const adultBase = minorOf(itinerary.adultBase * brand.factor * cabinFactor);
  const adultTax = minorOf(itinerary.adultTax);
  let baseMinor = 0;
  let taxMinor = 0;
  for (const p of passengers) {
    if (p.type === 'adult') {
      baseMinor += adultBase;
      taxMinor += adultTax;
    } else if (p.type === 'child') {
      baseMinor += Math.round(adultBase * 0.75);
      taxMinor += adultTax;
    } else {
      baseMinor += Math.round(adultBase * 0.1);
      taxMinor += Math.round(adultTax * 0.2);
    }
  }
  const first = itinerary.flights[0];
  const last = itinerary.flights[itinerary.flights.length - 1];
  if (!first || !last) return undefined;
  const airline = SANDBOX_AIRLINES[first.airline];
  if (!airline) return undefined;
  const now = Date.now();
  if (departUtc < now) return undefined;
  const currency = itinerary.currency;
  const condition = (penalty: number | null) =>
    penalty === null
      ? { allowed: false, penalty_amount: null, penalty_currency: null }
      : { allowed: true, penalty_amount: decimal(minorOf(penalty)), penalty_currency: currency };
  const conditions = {
    refund_before_departure: condition(brand.refundPenalty),
    change_before_departure: condition(brand.changePenalty),
  };
  const expiresAt = now + OFFER_LIFETIME_MS;
  const offerId = id('off');
  const totalMinor = baseMinor + taxMinor;
  const offer: Json = {
    id: offerId,
    live_mode: false,
    created_at: new Date(now).toISOString(),
    updated_at: new Date(now).toISOString(),
    expires_at: new Date(expiresAt).toISOString(),
    owner: airlineOf(first.airline),
    partial: false,
    total_amount: decimal(totalMinor),
    total_currency: currency,
    base_amount: decimal(baseMinor),
    base_currency: currency,
    tax_amount: decimal(taxMinor),
    tax_currency: currency,
    total_emissions_kg: String(
      Math.round(itinerary.flights.reduce((s, f) => s + f.durationMinutes, 0) * 1.6),
    ),
    conditions,
    passenger_identity_documents_required: airline.identityDocumentsRequired,
    supported_passenger_identity_document_types: airline.identityDocumentsRequired ? ['passport'] : [],
    payment_requirements: airline.holdAllowed
      ? {
          requires_instant_payment: false,
          payment_required_by: new Date(
            Math.min(now + HOLD_PAYMENT_WINDOW_MS, departUtc - 3_600_000),
          ).toISOString(),
          price_guarantee_expires_at: new Date(
            Math.min(now + HOLD_PAYMENT_WINDOW_MS / 2, departUtc - 3_600_000),
          ).toISOString(),
        }
      : { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null },
    passengers: passengers.map((p) => ({
      id: p.id,
      type: p.type,
      age: p.age,
      fare_type: null,
      loyalty_programme_accounts: [],
    })),
    private_fares: [],
    supported_loyalty_programmes: [],
    available_services: [],
    slices: [
      {
        id: id('sli'),
        origin_type: 'airport',
        origin: placeOf(SANDBOX_AIRPORTS[first.origin] as SandboxAirport),
        destination_type: 'airport',
        destination: placeOf(SANDBOX_AIRPORTS[last.destination] as SandboxAirport),
        duration: isoDuration(Math.round((previousArrival - departUtc) / 60_000)),
        fare_brand_name: brand.name,
        comparison_key: itinerary.flights.map((f) => `${f.airline}${f.flightNumber}`).join('-'),
        ngs_shelf: brand.factor > 1 ? 3 : 1,
        conditions: {
          ...conditions,
          advance_seat_selection: brand.factor > 1,
          priority_boarding: false,
          priority_check_in: false,
        },
        segments,
      },
    ],
  };
  return {
    offer,
    totalMinor,
    baseMinor,
    taxMinor,
    currency,
    refundPenaltyMinor: brand.refundPenalty === null ? null : minorOf(brand.refundPenalty),
    expiresAt,
    airline: first.airline,
    passengerIds: passengers.map((p) => p.id),
    passengerTypes: passengers.map((p) => p.type),
  };
}

function ticketNumber(airline: string) {
  const prefix = SANDBOX_AIRLINES[airline]?.ticketPrefix ?? '999';
  return `${prefix}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

function bookingReference() {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let text = '';
  for (let i = 0; i < 6; i++) text += letters[randomInt(0, letters.length)];
  return text;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new DuffelError(
      400,
      'invalid_request_error',
      'malformed_json',
      'The request body is not valid JSON.',
    );
  }
}

const invalid = (field: string, message: string) =>
  new DuffelError(422, 'validation_error', 'validation_required', message, {
    field,
    pointer: `/${field.replaceAll('.', '/')}`,
  });

const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** Starts the stand-in on a port of its own (0: any free port) on 127.0.0.1. */
export async function startDuffelSandbox(
  options: { port?: number; host?: string } = {},
): Promise<DuffelSandbox> {
  const offers = new Map<string, StoredOffer>();
  const orders = new Map<string, StoredOrder>();
  const cancellations = new Map<string, Json>();
  const airlineChanges = new Map<string, Json>();
  const changeRequests = new Map<string, Json>();
  const changeOffers = new Map<string, StoredChangeOffer>();
  const orderChanges = new Map<string, { orderChange: Json; offer: StoredChangeOffer }>();
  /** Confirmations received and dropped before the change was made, per order change. */
  const lostConfirms = new Map<string, Json>();
  const faults: DuffelSandboxFaults = { ...NO_FAULTS };
  const received: ReceivedRequest[] = [];

  const offerFor = (offerId: string): StoredOffer => {
    const stored = offers.get(offerId);
    if (!stored)
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    if (faults.expireOffers || stored.expiresAt < Date.now())
      throw new DuffelError(
        422,
        'invalid_state_error',
        'offer_no_longer_available',
        'The requested offer is no longer available, please search again.',
      );
    return stored;
  };

  const reprice = (stored: StoredOffer) => {
    if (faults.priceIncreaseMinor <= 0) return;
    stored.baseMinor += faults.priceIncreaseMinor;
    stored.totalMinor += faults.priceIncreaseMinor;
    stored.offer.base_amount = decimal(stored.baseMinor);
    stored.offer.total_amount = decimal(stored.totalMinor);
    stored.offer.updated_at = new Date().toISOString();
  };

  function createOfferRequest(body: Json): Json {
    const data = asObject(body.data);
    const slices = Array.isArray(data.slices) ? data.slices.map(asObject) : [];
    const requested = Array.isArray(data.passengers) ? data.passengers.map(asObject) : [];
    if (slices.length === 0) throw invalid('slices', 'Field slices must contain at least one slice.');
    if (requested.length === 0)
      throw invalid('passengers', 'Field passengers must contain at least one passenger.');
    const cabin = typeof data.cabin_class === 'string' ? data.cabin_class : 'economy';
    const passengers: RequestedPassenger[] = requested.map((p) => ({
      id: id('pas'),
      type: passengerTypeOf(p),
      age: typeof p.age === 'number' ? p.age : null,
    }));
    const built: StoredOffer[] = [];
    slices.forEach((slice, index) => {
      const { origin, destination, departure_date: date } = slice;
      if (typeof origin !== 'string' || !SANDBOX_AIRPORTS[origin])
        throw invalid(`slices.${index}.origin`, 'Field origin must be a valid IATA code.');
      if (typeof destination !== 'string' || !SANDBOX_AIRPORTS[destination])
        throw invalid(`slices.${index}.destination`, 'Field destination must be a valid IATA code.');
      if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw invalid(`slices.${index}.departure_date`, 'Field departure_date must be a date.');
    });
    // The stand-in sells one-way journeys from Kathmandu: one slice, KTM outbound.
    const [slice] = slices as [Json];
    if (slices.length === 1 && slice.origin === 'KTM') {
      for (const itinerary of SANDBOX_ITINERARIES[slice.destination as string] ?? []) {
        for (const brand of SANDBOX_FARE_BRANDS) {
          const offer = buildOffer(itinerary, brand, slice.departure_date as string, passengers, cabin);
          if (offer) built.push(offer);
        }
      }
    }
    for (const offer of built) offers.set(offer.offer.id as string, offer);
    return {
      id: id('orq'),
      live_mode: false,
      created_at: new Date().toISOString(),
      cabin_class: cabin,
      client_key: null,
      passengers: passengers.map((p) => ({ id: p.id, type: p.type, age: p.age ?? undefined })),
      slices: slices.map((s) => ({
        origin_type: 'airport',
        origin: placeOf(SANDBOX_AIRPORTS[s.origin as string] as SandboxAirport),
        destination_type: 'airport',
        destination: placeOf(SANDBOX_AIRPORTS[s.destination as string] as SandboxAirport),
        departure_date: s.departure_date,
      })),
      offers: built.map(({ offer }) => {
        const { available_services: _services, ...rest } = offer;
        return rest;
      }),
    };
  }

  function documentsFor(order: StoredOrder): Json[] {
    return order.offer.passengerIds.map((passengerId) => ({
      type: 'electronic_ticket',
      unique_identifier: ticketNumber(order.offer.airline),
      passenger_ids: [passengerId],
    }));
  }

  function createOrder(body: Json): Json {
    const data = asObject(body.data);
    const selected = Array.isArray(data.selected_offers) ? data.selected_offers : [];
    if (selected.length !== 1 || typeof selected[0] !== 'string')
      throw invalid('selected_offers', 'Field selected_offers must contain exactly one offer.');
    const stored = offerFor(selected[0]);
    const type = data.type;
    if (type !== 'instant' && type !== 'hold' && type !== 'pay_later')
      throw invalid('type', 'Field type must be instant or hold.');
    const requirements = asObject(stored.offer.payment_requirements);
    if (type !== 'instant' && requirements.requires_instant_payment === true)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'unsupported_order_type',
        'This offer requires instant payment and cannot be held.',
      );
    const passengers = Array.isArray(data.passengers) ? data.passengers.map(asObject) : [];
    if (passengers.length !== stored.passengerIds.length)
      throw invalid('passengers', `Field passengers must contain ${stored.passengerIds.length} passengers.`);
    passengers.forEach((p, i) => {
      if (typeof p.id !== 'string' || !stored.passengerIds.includes(p.id))
        throw invalid(`passengers.${i}.id`, "Field id must be the id of one of the offer's passengers.");
      for (const field of [
        'given_name',
        'family_name',
        'born_on',
        'gender',
        'title',
        'email',
        'phone_number',
      ])
        if (typeof p[field] !== 'string' || p[field] === '')
          throw invalid(`passengers.${i}.${field}`, `Field ${field} is required.`);
      if (stored.offer.passenger_identity_documents_required === true) {
        const documents = Array.isArray(p.identity_documents) ? p.identity_documents.map(asObject) : [];
        const passport = documents.find((d) => d.type === 'passport');
        if (
          !passport ||
          typeof passport.unique_identifier !== 'string' ||
          typeof passport.expires_on !== 'string' ||
          typeof passport.issuing_country_code !== 'string'
        )
          throw invalid(`passengers.${i}.identity_documents`, 'A passport is required for this offer.');
      }
    });
    const payments = Array.isArray(data.payments) ? data.payments.map(asObject) : [];
    if (type === 'instant') {
      const payment = payments[0];
      if (payment?.type !== 'balance')
        throw invalid('payments', 'Field payments must contain one balance payment for an instant order.');
      if (payment.currency !== stored.currency || payment.amount !== decimal(stored.totalMinor))
        throw new DuffelError(
          422,
          'invalid_state_error',
          'price_changed',
          "The amount paid does not match the offer's total amount.",
        );
    }
    if (faults.failOrders)
      throw new DuffelError(
        502,
        'airline_error',
        'airline_unknown',
        'The airline responded with an unexpected error, please contact support.',
      );
    const now = new Date();
    const orderId = id('ord');
    const paid = type === 'instant';
    const order: Json = {
      id: orderId,
      live_mode: false,
      created_at: now.toISOString(),
      synced_at: now.toISOString(),
      booking_reference: bookingReference(),
      owner: stored.offer.owner,
      content: 'self_managed',
      total_amount: decimal(stored.totalMinor),
      total_currency: stored.currency,
      base_amount: decimal(stored.baseMinor),
      base_currency: stored.currency,
      tax_amount: decimal(stored.taxMinor),
      tax_currency: stored.currency,
      conditions: stored.offer.conditions,
      slices: stored.offer.slices,
      services: [],
      metadata: asObject(data.metadata),
      passengers: passengers.map((p, i) => ({
        id: p.id,
        type: stored.passengerTypes[stored.passengerIds.indexOf(p.id as string)] ?? stored.passengerTypes[i],
        title: p.title,
        given_name: p.given_name,
        family_name: p.family_name,
        born_on: p.born_on,
        gender: p.gender,
        email: p.email,
        phone_number: p.phone_number,
        infant_passenger_id: null,
      })),
      payment_status: paid
        ? { awaiting_payment: false, paid_at: now.toISOString() }
        : {
            awaiting_payment: true,
            paid_at: null,
            payment_required_by: requirements.payment_required_by,
            price_guarantee_expires_at: requirements.price_guarantee_expires_at,
          },
      documents: [],
      available_actions: ['cancel', 'update'],
      airline_initiated_changes: [],
      cancelled_at: null,
      cancellation: null,
    };
    const entry = { order, offer: stored };
    if (paid) order.documents = documentsFor(entry);
    orders.set(orderId, entry);
    // An offer is booked once.
    offers.delete(stored.offer.id as string);
    return order;
  }

  function orderFor(orderId: unknown): StoredOrder {
    const entry = typeof orderId === 'string' ? orders.get(orderId) : undefined;
    if (!entry)
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    return entry;
  }

  function createPayment(body: Json): Json {
    const data = asObject(body.data);
    const entry = orderFor(data.order_id);
    const payment = asObject(data.payment);
    const status = asObject(entry.order.payment_status);
    if (entry.order.cancelled_at)
      throw new DuffelError(422, 'invalid_state_error', 'already_cancelled', 'The order has been cancelled.');
    if (status.awaiting_payment !== true)
      throw new DuffelError(422, 'invalid_state_error', 'already_paid', 'The order has already been paid.');
    if (payment.type !== 'balance') throw invalid('payment.type', 'Field type must be balance.');
    if (payment.currency !== entry.order.total_currency || payment.amount !== entry.order.total_amount)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'price_changed',
        "The amount paid does not match the order's total amount.",
      );
    const now = new Date().toISOString();
    entry.order.payment_status = { awaiting_payment: false, paid_at: now };
    entry.order.documents = documentsFor(entry);
    return {
      id: id('pay'),
      type: 'balance',
      amount: payment.amount,
      currency: payment.currency,
      created_at: now,
    };
  }

  function createCancellation(body: Json): Json {
    const data = asObject(body.data);
    const entry = orderFor(data.order_id);
    if (entry.order.cancelled_at)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'already_cancelled',
        'The order has already been cancelled.',
      );
    const paid = asObject(entry.order.payment_status).awaiting_payment !== true;
    const penalty = entry.offer.refundPenaltyMinor;
    // After a change the airline made, cancelling is the traveller's right: everything back.
    const airlineChanged = (entry.order.airline_initiated_changes as Json[]).length > 0;
    const refundMinor = !paid
      ? 0
      : airlineChanged
        ? entry.offer.totalMinor
        : penalty === null
          ? 0
          : Math.max(0, entry.offer.totalMinor - penalty * entry.offer.passengerIds.length);
    const now = Date.now();
    const cancellation: Json = {
      id: id('ore'),
      live_mode: false,
      order_id: entry.order.id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CANCELLATION_QUOTE_MS).toISOString(),
      confirmed_at: null,
      refund_amount: decimal(refundMinor),
      refund_currency: entry.order.total_currency,
      refund_to: paid ? 'balance' : 'awaiting_payment',
      airline_credits: [],
    };
    cancellations.set(cancellation.id as string, cancellation);
    return cancellation;
  }

  function confirmCancellation(cancellationId: string): Json {
    const cancellation = cancellations.get(cancellationId);
    if (!cancellation)
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    if (cancellation.confirmed_at)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'already_confirmed',
        'The cancellation has already been confirmed.',
      );
    if (Date.parse(cancellation.expires_at as string) < Date.now())
      throw new DuffelError(
        422,
        'invalid_state_error',
        'order_cancellation_expired',
        'The cancellation quote has expired.',
      );
    const entry = orderFor(cancellation.order_id);
    const now = new Date().toISOString();
    cancellation.confirmed_at = now;
    entry.order.cancelled_at = now;
    entry.order.cancellation = cancellation;
    entry.order.available_actions = [];
    return cancellation;
  }

  const notFound = () =>
    new DuffelError(
      404,
      'invalid_request_error',
      'not_found',
      'The resource you are trying to access does not exist.',
    );

  /** A slice as an order change offer shows it (API reference "Order Change Offers"). */
  const changeSliceOf = (slice: Json): Json => ({
    id: slice.id,
    origin_type: slice.origin_type,
    origin: slice.origin,
    destination_type: slice.destination_type,
    destination: slice.destination,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    segments: slice.segments,
  });

  /**
   * An order change request (guide "Changing an order"): the paid order's slice to remove and the
   * search for its replacement; the airline answers change offers in the same fare brand, each
   * costing the brand's change penalty per passenger plus the new fare less the one paid (negative:
   * money back to the balance). A fare that allows no change gets no offers.
   */
  function createOrderChangeRequest(body: Json): Json {
    const data = asObject(body.data);
    const entry = orderFor(data.order_id);
    const slices = asObject(data.slices);
    const remove = Array.isArray(slices.remove) ? slices.remove.map(asObject) : [];
    const add = Array.isArray(slices.add) ? slices.add.map(asObject) : [];
    if (remove.length !== 1 || typeof remove[0]?.slice_id !== 'string')
      throw invalid('slices.remove', 'Field remove must contain the slice to remove.');
    if (add.length !== 1) throw invalid('slices.add', 'Field add must contain one slice to search for.');
    const [wanted] = add as [Json];
    if (typeof wanted.departure_date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(wanted.departure_date))
      throw invalid('slices.add.0.departure_date', 'Field departure_date must be a date.');
    if (entry.order.cancelled_at)
      throw new DuffelError(422, 'invalid_state_error', 'already_cancelled', 'The order has been cancelled.');
    if (asObject(entry.order.payment_status).awaiting_payment === true)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'order_not_paid',
        'Only a paid order can be changed: pay the order first.',
      );
    const removed = (entry.order.slices as Json[]).find((slice) => slice.id === remove[0]?.slice_id);
    if (!removed)
      throw invalid('slices.remove.0.slice_id', "Field slice_id must be one of the order's slices.");
    const brand = SANDBOX_FARE_BRANDS.find((b) => b.name === removed.fare_brand_name);
    const passengers: RequestedPassenger[] = entry.offer.passengerIds.map((passengerId, i) => ({
      id: passengerId,
      type: (entry.offer.passengerTypes[i] ?? 'adult') as RequestedPassenger['type'],
      age: null,
    }));
    const origin = asObject(removed.origin).iata_code;
    const destination = asObject(removed.destination).iata_code;
    if (wanted.origin !== origin || wanted.destination !== destination)
      throw invalid('slices.add.0', 'The stand-in changes a slice to the same origin and destination only.');
    const now = Date.now();
    const requestId = id('ocr');
    const offered: Json[] = [];
    if (!faults.noChangeOffers && brand && brand.changePenalty !== null && origin === 'KTM') {
      const cabin = String(
        asObject((asObject((removed.segments as Json[])[0]).passengers as Json[] | undefined)?.[0])
          .cabin_class ?? 'economy',
      );
      for (const itinerary of SANDBOX_ITINERARIES[destination as string] ?? []) {
        const replacement = buildOffer(itinerary, brand, wanted.departure_date, passengers, cabin);
        if (!replacement) continue;
        const amounts = faults.changeOfferAmounts;
        const penaltyMinor = amounts
          ? minorOf(Number(amounts.penalty_amount))
          : minorOf(brand.changePenalty) * passengers.length;
        const changeTotalMinor = amounts
          ? minorOf(Number(amounts.change_total_amount))
          : penaltyMinor + replacement.totalMinor - entry.offer.totalMinor;
        if (amounts) replacement.totalMinor = minorOf(Number(amounts.new_total_amount));
        const expiresAt = now + CHANGE_OFFER_LIFETIME_MS;
        const [added] = replacement.offer.slices as [Json];
        const changeOffer: Json = {
          id: id('oco'),
          order_change_id: null,
          slices: { add: [changeSliceOf(added)], remove: [changeSliceOf(removed)] },
          refund_to: changeTotalMinor < 0 ? 'balance' : null,
          penalty_amount: decimal(penaltyMinor),
          penalty_currency: entry.order.total_currency,
          new_total_amount: decimal(replacement.totalMinor),
          new_total_currency: entry.order.total_currency,
          change_total_amount: decimal(changeTotalMinor),
          change_total_currency: entry.order.total_currency,
          expires_at: new Date(expiresAt).toISOString(),
          created_at: new Date(now).toISOString(),
          updated_at: new Date(now).toISOString(),
          live_mode: false,
        };
        changeOffers.set(changeOffer.id as string, {
          changeOffer,
          orderId: entry.order.id as string,
          removedSliceId: removed.id as string,
          replacement,
          changeTotalMinor,
          expiresAt,
        });
        offered.push({ ...changeOffer, order_change_request_id: requestId });
      }
    }
    const request: Json = {
      id: requestId,
      order_id: entry.order.id,
      slices: {
        remove: [{ slice_id: removed.id }],
        add: [
          {
            origin: removed.origin,
            destination: removed.destination,
            departure_date: wanted.departure_date,
            cabin_class: wanted.cabin_class ?? 'economy',
          },
        ],
      },
      order_change_offers: offered.map(({ order_change_request_id: _request, ...offer }) => offer),
      live_mode: false,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    };
    changeRequests.set(requestId, { ...request, offerIds: offered.map((o) => o.id) });
    return request;
  }

  function changeOfferFor(offerId: unknown): StoredChangeOffer {
    const stored = typeof offerId === 'string' ? changeOffers.get(offerId) : undefined;
    if (!stored) throw notFound();
    return stored;
  }

  const changeOfferExpired = () =>
    new DuffelError(
      422,
      'invalid_state_error',
      'offer_no_longer_available',
      'The requested order change offer is no longer available, please create a new order change request.',
    );

  /** A pending order change from an order change offer (API reference "Create a pending order change"). */
  function createOrderChange(body: Json): Json {
    const data = asObject(body.data);
    if (typeof data.selected_order_change_offer !== 'string')
      throw invalid('selected_order_change_offer', 'Field selected_order_change_offer is required.');
    const stored = changeOfferFor(data.selected_order_change_offer);
    if (faults.expireChangeOffers || stored.expiresAt < Date.now()) throw changeOfferExpired();
    const offer = stored.changeOffer;
    const orderChange: Json = {
      id: id('oce'),
      order_id: stored.orderId,
      slices: offer.slices,
      refund_to: offer.refund_to,
      penalty_total_amount: offer.penalty_amount,
      penalty_total_currency: offer.penalty_currency,
      new_total_amount: offer.new_total_amount,
      new_total_currency: offer.new_total_currency,
      change_total_amount: offer.change_total_amount,
      change_total_currency: offer.change_total_currency,
      expires_at: offer.expires_at,
      created_at: new Date().toISOString(),
      confirmed_at: null,
      available_payment_types: ['balance'],
      live_mode: false,
    };
    offer.order_change_id = orderChange.id;
    orderChanges.set(orderChange.id as string, { orderChange, offer: stored });
    return orderChange;
  }

  /**
   * Confirms a pending order change (API reference "Confirm an order change"): a change that costs
   * something is paid with its change total; the order's slice is replaced, its total becomes the
   * new one and the airline reissues its e-tickets.
   */
  function confirmOrderChange(changeId: string, body: Json): Json {
    const pending = orderChanges.get(changeId);
    if (!pending) throw notFound();
    const { orderChange, offer } = pending;
    if (orderChange.confirmed_at)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'already_confirmed',
        'The order change has already been confirmed.',
      );
    if (faults.expireChangeOffers || offer.expiresAt < Date.now()) throw changeOfferExpired();
    if (offer.changeTotalMinor > 0) {
      const payment = asObject(asObject(body.data).payment);
      if (payment.type !== 'balance') throw invalid('payment.type', 'Field type must be balance.');
      if (
        payment.amount !== orderChange.change_total_amount ||
        payment.currency !== orderChange.change_total_currency
      )
        throw new DuffelError(
          422,
          'invalid_state_error',
          'price_changed',
          "The amount paid does not match the order change's change_total_amount.",
        );
    }
    if (faults.failChanges)
      throw new DuffelError(
        502,
        'airline_error',
        'airline_unknown',
        'The airline responded with an unexpected error, please contact support.',
      );
    const entry = orderFor(offer.orderId);
    if (entry.order.cancelled_at)
      throw new DuffelError(422, 'invalid_state_error', 'already_cancelled', 'The order has been cancelled.');
    const [added] = offer.replacement.offer.slices as [Json];
    entry.order.slices = (entry.order.slices as Json[]).map((slice) =>
      slice.id === offer.removedSliceId ? added : slice,
    );
    entry.offer = { ...offer.replacement, offer: { ...offer.replacement.offer } };
    entry.order.total_amount = decimal(offer.replacement.totalMinor);
    entry.order.base_amount = decimal(offer.replacement.baseMinor);
    entry.order.tax_amount = decimal(offer.replacement.taxMinor);
    entry.order.documents = documentsFor(entry);
    const now = new Date().toISOString();
    orderChange.confirmed_at = now;
    changeOffers.delete(offer.changeOffer.id as string);
    return orderChange;
  }

  const shiftSegment = (segment: Json, minutes: number): Json => {
    const shift = (wall: unknown, zone: unknown) =>
      wallTime(localToUtc(String(wall), String(zone)) + minutes * 60_000, String(zone));
    return {
      ...segment,
      id: id('seg'),
      departing_at: shift(segment.departing_at, asObject(segment.origin).time_zone),
      arriving_at: shift(segment.arriving_at, asObject(segment.destination).time_zone),
    };
  };

  function changeSchedule(orderId: string, change: ScheduleChange): SandboxWebhookEvent {
    const entry = orderFor(orderId);
    const before = structuredClone(entry.order.slices) as Json[];
    const after =
      'cancelled' in change
        ? []
        : before.map((slice) => ({
            ...slice,
            id: id('sli'),
            segments: (slice.segments as Json[]).map((segment) => shiftSegment(segment, change.delayMinutes)),
          }));
    const now = new Date().toISOString();
    const aic: Json = {
      id: id('aic'),
      order_id: orderId,
      action_taken: null,
      action_taken_at: null,
      added: after,
      removed: before,
      available_actions: 'cancelled' in change ? ['cancel', 'change'] : ['accept', 'cancel', 'change'],
      travel_agent_ticket: null,
      created_at: now,
      updated_at: now,
    };
    airlineChanges.set(aic.id as string, aic);
    (entry.order.airline_initiated_changes as Json[]).push(aic);
    if (after.length > 0) entry.order.slices = after;
    return {
      id: id('wev'),
      api_version: 'v2',
      type: 'order.airline_initiated_change_detected',
      data: { object: aic },
      live_mode: false,
      idempotency_key: aic.id as string,
      created_at: now,
      identity_organisation_id: 'org_0000SandboxTikat',
    };
  }

  function airlineChangeFor(changeId: string): Json {
    const aic = airlineChanges.get(changeId);
    if (!aic)
      throw new DuffelError(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    return aic;
  }

  /** Accepting (or saying what was done about) an airline-initiated change, once. */
  function actOnAirlineChange(changeId: string, action: 'accepted' | 'cancelled' | 'changed'): Json {
    const aic = airlineChangeFor(changeId);
    if (aic.action_taken)
      throw new DuffelError(
        422,
        'invalid_state_error',
        'already_actioned',
        'An action has already been taken on this airline-initiated change.',
      );
    if (action === 'accepted' && !(aic.available_actions as string[]).includes('accept'))
      throw new DuffelError(
        422,
        'invalid_state_error',
        'unsupported_action',
        'This airline-initiated change cannot be accepted.',
      );
    const now = new Date().toISOString();
    aic.action_taken = action;
    aic.action_taken_at = now;
    aic.updated_at = now;
    aic.available_actions = [];
    return aic;
  }

  async function route(
    method: string,
    path: string,
    body: Json,
    query: URLSearchParams = new URLSearchParams(),
  ): Promise<{ status: number; data: unknown }> {
    if (method === 'GET' && path === '/air/airline_initiated_changes') {
      const orderId = query.get('order_id');
      return { status: 200, data: [...airlineChanges.values()].filter((c) => c.order_id === orderId) };
    }
    let aicMatch = /^\/air\/airline_initiated_changes\/([^/]+)\/actions\/accept$/.exec(path);
    if (method === 'POST' && aicMatch)
      return { status: 200, data: actOnAirlineChange(aicMatch[1] as string, 'accepted') };
    aicMatch = /^\/air\/airline_initiated_changes\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && aicMatch) {
      const action = asObject(body.data).action_taken;
      if (action !== 'accepted' && action !== 'cancelled' && action !== 'changed')
        throw invalid('action_taken', 'Field action_taken must be accepted, cancelled or changed.');
      return { status: 200, data: actOnAirlineChange(aicMatch[1] as string, action) };
    }
    if (method === 'POST' && (path === '/air/offer_requests' || path === '/air/offer_requests/'))
      return { status: 201, data: createOfferRequest(body) };
    let match = /^\/air\/offers\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const stored = offerFor(match[1] as string);
      reprice(stored);
      return { status: 200, data: stored.offer };
    }
    if (method === 'POST' && path === '/air/orders') return { status: 201, data: createOrder(body) };
    // List orders, filtered by the airline's booking reference (Duffel's `booking_reference`).
    if (method === 'GET' && path === '/air/orders') {
      const reference = query.get('booking_reference');
      return {
        status: 200,
        data: [...orders.values()]
          .map((entry) => entry.order)
          .filter((order) => reference === null || order.booking_reference === reference),
      };
    }
    match = /^\/air\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return { status: 200, data: orderFor(match[1]).order };
    if (method === 'POST' && path === '/air/payments') return { status: 201, data: createPayment(body) };
    if (method === 'POST' && path === '/air/order_change_requests')
      return { status: 201, data: createOrderChangeRequest(body) };
    match = /^\/air\/order_change_requests\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const stored = changeRequests.get(match[1] as string);
      if (!stored) throw notFound();
      const { offerIds: _ids, ...request } = stored;
      return { status: 200, data: request };
    }
    // Order change offers of one order change request (`order_change_request_id`), as listed.
    if (method === 'GET' && path === '/air/order_change_offers') {
      const requestId = query.get('order_change_request_id');
      if (!requestId) throw invalid('order_change_request_id', 'Field order_change_request_id is required.');
      const stored = changeRequests.get(requestId);
      if (!stored) throw notFound();
      const ids = stored.offerIds as string[];
      return {
        status: 200,
        data: ids.flatMap((offerId) => {
          const offer = changeOffers.get(offerId);
          return offer ? [offer.changeOffer] : [];
        }),
      };
    }
    match = /^\/air\/order_change_offers\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return { status: 200, data: changeOfferFor(match[1]).changeOffer };
    if (method === 'POST' && path === '/air/order_changes')
      return { status: 201, data: createOrderChange(body) };
    match = /^\/air\/order_changes\/([^/]+)\/actions\/confirm$/.exec(path);
    if (method === 'POST' && match) {
      if (faults.unreachableAfterChangeConfirm) faults.unreachable = true;
      if (faults.changeConfirmDrop === 'before') {
        // Received but not yet made: kept, for confirmLostChange to finish later.
        if (orderChanges.has(match[1] as string)) lostConfirms.set(match[1] as string, body);
        throw new DropConnection();
      }
      const confirmed = confirmOrderChange(match[1] as string, body);
      if (faults.changeConfirmDrop === 'after' || faults.unreachable) throw new DropConnection();
      if (faults.changeConfirmDelayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, faults.changeConfirmDelayMs));
      return { status: 200, data: confirmed };
    }
    match = /^\/air\/order_changes\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const pending = orderChanges.get(match[1] as string);
      if (!pending) throw notFound();
      return { status: 200, data: pending.orderChange };
    }
    if (method === 'POST' && path === '/air/order_cancellations')
      return { status: 201, data: createCancellation(body) };
    match = /^\/air\/order_cancellations\/([^/]+)\/actions\/confirm$/.exec(path);
    if (method === 'POST' && match) return { status: 200, data: confirmCancellation(match[1] as string) };
    match = /^\/air\/order_cancellations\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const cancellation = cancellations.get(match[1] as string);
      if (cancellation) return { status: 200, data: cancellation };
    }
    throw new DuffelError(
      404,
      'invalid_request_error',
      'not_found',
      'The resource you are trying to access does not exist.',
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const requestId = randomBytes(10).toString('hex');
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': requestId });
      response.end(JSON.stringify(payload));
    };
    const sendError = (error: DuffelError) =>
      send(error.status, {
        meta: { status: error.status, request_id: requestId },
        errors: [
          {
            type: error.type,
            code: error.code,
            title: error.type === 'airline_error' ? 'Airline error' : 'Request failed',
            message: error.message,
            documentation_url: `https://duffel.com/docs/api/overview/errors#${error.code}`,
            ...(error.source ? { source: error.source } : {}),
          },
        ],
      });
    try {
      const body = asObject(await readJson(request));
      received.push({ method, path: url.pathname, body, headers: request.headers });
      if (faults.unreachable) throw new DropConnection();
      if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
      if (faults.failStatus !== null)
        throw new DuffelError(
          faults.failStatus,
          'api_error',
          'internal_server_error',
          'Something went wrong. Please contact support with the request id.',
        );
      if (!/^Bearer duffel_(test|live)_\S+$/.test(request.headers.authorization ?? ''))
        throw new DuffelError(
          401,
          'authentication_error',
          'invalid_authorization_header',
          'The Authorization header must be "Bearer" followed by your access token.',
        );
      if (request.headers['duffel-version'] !== 'v2')
        throw new DuffelError(
          400,
          'invalid_request_error',
          'unsupported_version',
          'The Duffel-Version header must be v2.',
        );
      const { status, data } = await route(method, url.pathname, body, url.searchParams);
      send(status, { data });
    } catch (error) {
      if (error instanceof DropConnection) request.socket.destroy();
      else if (error instanceof DuffelError) sendError(error);
      else sendError(new DuffelError(500, 'api_error', 'internal_server_error', 'Something went wrong.'));
    }
  }

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    faults,
    received,
    changeSchedule,
    confirmLostChange(changeId) {
      const body = lostConfirms.get(changeId);
      if (!body)
        throw new Error(`no confirmation of order change ${changeId} was dropped before it was made`);
      lostConfirms.delete(changeId);
      return confirmOrderChange(changeId, body);
    },
    expireOrderChange(changeId, at = new Date(Date.now() - 3_600_000)) {
      const pending = orderChanges.get(changeId);
      if (!pending) throw new Error(`no order change ${changeId}`);
      pending.offer.expiresAt = at.getTime();
      pending.offer.changeOffer.expires_at = at.toISOString();
      pending.orderChange.expires_at = at.toISOString();
    },
    async sendWebhook(target, secret, event) {
      const body = JSON.stringify(event);
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-duffel-signature': signDuffelWebhook(body, secret, Math.floor(Date.now() / 1000)),
        },
        body,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

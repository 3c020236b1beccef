import { z } from 'zod';
import { AIRPORT_CODE_PATTERN, airportCode } from './airports';
import { offerConditionsSchema } from './offer-conditions';

/** Most passengers on seats (adults plus children) in one booking. */
export const MAX_SEATED_PASSENGERS = 9;
/** Most legs of a multi-city search. */
export const MAX_MULTICITY_SEGMENTS = 5;
/** Widest flexible-date window: the date ± this many days. */
export const MAX_FLEXIBLE_DAYS = 3;
/** How far ahead flights can be searched, in days. */
export const MAX_DAYS_AHEAD = 365;
// Kept in constants, which has no zod, so the home page's shop window can import it alone.
export { MOUNTAIN_FLIGHT_CODE } from './constants';
/** Nationalities paying the NPR fare; everyone else pays the USD fare (domain-nepal.md). */
export const NPR_FARE_NATIONALITIES = ['NP', 'IN'] as const;
export { isAgentUserType, TRAVELLER_USER_TYPES } from './user-types';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const optionalText = z.string().max(120).optional();
/** An airport code as typed: checked against the airports when the search runs. */
const airportCodeInput = z
  .string({ message: 'Choose an airport.' })
  .trim()
  .toUpperCase()
  .max(3, 'Use a three-letter airport code, such as KTM.')
  .optional()
  .default('');
const dateInput = z
  .string({ message: 'Choose a date.' })
  .trim()
  .max(10, 'Use a date like 2026-05-01.')
  .optional()
  .default('');
const passengerCount = (label: string, min: number) =>
  z.coerce
    .number({ message: `Enter the number of ${label}.` })
    .int(`The number of ${label} must be a whole number.`)
    .min(
      min,
      min === 1
        ? `At least one ${label.replace(/s$/, '')} must travel.`
        : `The number of ${label} cannot be negative.`,
    )
    .max(MAX_SEATED_PASSENGERS, `At most ${MAX_SEATED_PASSENGERS} ${label} can travel on one booking.`);

export const searchSegmentInput = z.object({
  depart_city: optionalText,
  depart_code: airportCodeInput,
  dest_city: optionalText,
  dest_code: airportCodeInput,
  depart_date: dateInput,
});
export type SearchSegmentInput = z.infer<typeof searchSegmentInput>;

/**
 * The search parameters of spec §3, plus `flexible_days` (search the date ± up to 3 days) and
 * `residential` (a foreigner resident in Nepal 6+ months on a non-tourist visa).
 * Rules that need the calendar or the database (past dates, unknown airports or nationality)
 * are checked by the server and answered the same way: 400 with `data.fields`.
 */
export const flightSearchRequest = z
  .object({
    user_type: z.string().trim().min(1).max(30).optional().default('agent'),
    trip_type: z
      .enum(['oneway', 'roundtrip', 'multicity'], { message: 'Choose one way, round trip or multi-city.' })
      .optional()
      .default('oneway'),
    depart_city: optionalText,
    depart_code: airportCodeInput,
    dest_city: optionalText,
    dest_code: airportCodeInput,
    depart_date: dateInput,
    return_date: dateInput,
    nationality_name: optionalText,
    nationality_code: z
      .string({ message: 'Choose a nationality.' })
      .trim()
      .toUpperCase()
      .max(2, 'Choose a nationality from the list.')
      .optional()
      .default('NP'),
    adults: passengerCount('adults', 1).optional().default(1),
    children: passengerCount('children', 0).optional().default(0),
    infants: passengerCount('infants', 0).optional().default(0),
    /** Cabin wanted: empty for any, `economy` or `business`. */
    flight_class: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['', 'economy', 'business'], { message: 'Choose economy or business class.' }))
      .optional()
      .default(''),
    segments: z
      .array(searchSegmentInput)
      .max(MAX_MULTICITY_SEGMENTS, `A multi-city trip has at most ${MAX_MULTICITY_SEGMENTS} flights.`)
      .optional()
      .default([]),
    /** Also search this many days before and after each date (0 to 3). */
    flexible_days: z.coerce
      .number({ message: 'Choose how many days either side to search.' })
      .int('Choose a whole number of days.')
      .min(0, 'Choose 0 to 3 days either side.')
      .max(MAX_FLEXIBLE_DAYS, 'Choose 0 to 3 days either side.')
      .optional()
      .default(0),
    /** A foreign national resident in Nepal (non-tourist visa, 6+ months): the residential fare. */
    residential: z.boolean({ message: 'Say true or false.' }).optional().default(false),
    /**
     * Only these inventories answer (ids as in `data.suppliers`, e.g. `["house"]` for the house
     * inventory alone, which answers at once); every configured one when absent. An id that is not
     * configured asks nothing.
     */
    suppliers: z
      .array(
        z
          .string({ message: 'Name a supplier, such as house.' })
          .trim()
          .regex(/^[a-z0-9_-]{1,30}$/, 'Use a supplier id such as house or duffel.'),
      )
      .min(1, 'Name at least one supplier, or leave suppliers out to ask them all.')
      .max(10, 'Name at most 10 suppliers.')
      .optional(),
  })
  .superRefine((params, ctx) => {
    const fail = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const countsValid = params.adults <= MAX_SEATED_PASSENGERS && params.children <= MAX_SEATED_PASSENGERS;
    if (countsValid && params.adults + params.children > MAX_SEATED_PASSENGERS) {
      fail(['children'], `At most ${MAX_SEATED_PASSENGERS} adults and children can travel on one booking.`);
    }
    if (params.adults >= 1 && params.infants > params.adults) {
      fail(['infants'], 'Each infant travels on an adult’s lap: there cannot be more infants than adults.');
    }
    const legs = searchLegsOf(params);
    legs.forEach((leg, index) => {
      const prefix = params.trip_type === 'multicity' ? ['segments', index] : [];
      const at = (field: string) =>
        params.trip_type === 'multicity'
          ? [...prefix, field]
          : [index === 1 && field === 'depart_date' ? 'return_date' : field];
      if (params.trip_type !== 'multicity' && index === 1) {
        // The return leg mirrors the outbound airports: only its date can be wrong.
        if (!leg.depart_date) fail(['return_date'], 'Choose a return date.');
        else if (!isCalendarDate(leg.depart_date)) fail(['return_date'], 'Use a date like 2026-05-01.');
        return;
      }
      if (!leg.depart_code) fail(at('depart_code'), 'Choose where you fly from.');
      else if (!AIRPORT_CODE_PATTERN.test(leg.depart_code))
        fail(at('depart_code'), 'Use a three-letter airport code, such as KTM.');
      if (!leg.dest_code) fail(at('dest_code'), 'Choose where you fly to.');
      else if (!AIRPORT_CODE_PATTERN.test(leg.dest_code))
        fail(at('dest_code'), 'Use a three-letter airport code, such as PKR.');
      if (!leg.depart_date) fail(at('depart_date'), 'Choose a departure date.');
      else if (!isCalendarDate(leg.depart_date)) fail(at('depart_date'), 'Use a date like 2026-05-01.');
    });
    if (params.trip_type === 'multicity' && params.segments.length < 2) {
      fail(['segments'], 'A multi-city trip needs at least two flights.');
    }
    for (let index = 1; index < legs.length; index++) {
      const previous = legs[index - 1]?.depart_date ?? '';
      const current = legs[index]?.depart_date ?? '';
      if (isCalendarDate(previous) && isCalendarDate(current) && current < previous) {
        if (params.trip_type === 'multicity') {
          fail(
            ['segments', index, 'depart_date'],
            `Flight ${index + 1} cannot leave before flight ${index}.`,
          );
        } else {
          fail(['return_date'], 'The return date cannot be before the departure date.');
        }
      }
    }
  });
export type FlightSearchRequest = z.infer<typeof flightSearchRequest>;

/** The legs a search asks for: one (one way), two (round trip) or the multi-city segments. */
export function searchLegsOf(
  params: Pick<
    FlightSearchRequest,
    'trip_type' | 'depart_code' | 'dest_code' | 'depart_date' | 'return_date' | 'segments'
  >,
): { depart_code: string; dest_code: string; depart_date: string }[] {
  if (params.trip_type === 'multicity') {
    return params.segments.map((s) => ({
      depart_code: s.depart_code,
      dest_code: s.dest_code,
      depart_date: s.depart_date,
    }));
  }
  const out = {
    depart_code: params.depart_code,
    dest_code: params.dest_code,
    depart_date: params.depart_date,
  };
  if (params.trip_type === 'oneway') return [out];
  return [
    out,
    { depart_code: params.dest_code, dest_code: params.depart_code, depart_date: params.return_date },
  ];
}

export const currency = z.enum(['NPR', 'USD']);
export type Currency = z.infer<typeof currency>;

export const passengerType = z.enum(['adult', 'child', 'infant']);
export type PassengerType = z.infer<typeof passengerType>;

export const passengerPrice = z.object({
  type: passengerType,
  count: z.number().int(),
  /** Per passenger, in minor units (paisa or cents), summed over the segments. */
  base: z.number().int(),
  fuel_surcharge: z.number().int(),
  /** Passenger service charge plus VAT plus Tourism Service Fee, per passenger. */
  taxes: z.number().int(),
  /** Passenger service charge. */
  service_charge: z.number().int(),
  /** VAT: on base fare plus fuel surcharge where it applies (13 % domestic), and on the Tourism Service Fee. */
  vat: z.number().int(),
  /**
   * Tourism Service Fee (before its VAT, which is in `vat`): international tickets sold in Nepal;
   * 0 on domestic ones. Absent on prices made before it. Receipt lines: base + fuel_surcharge +
   * service_charge + vat + tourism_service_fee = total.
   */
  tourism_service_fee: z.number().int().optional(),
  /** base + fuel_surcharge + taxes, per passenger. */
  total: z.number().int(),
  /** total × count. */
  subtotal: z.number().int(),
});
export type PassengerPrice = z.infer<typeof passengerPrice>;

export const offerPrice = z.object({
  currency,
  /** Sum of the passengers' subtotals, in minor units: what the traveller pays. */
  total: z.number().int(),
  per_passenger: z.array(passengerPrice),
  /**
   * For agents: the commission the agency grants them on the base fares, and what the agent pays
   * the agency (`net_total`, what the wallet is charged).
   */
  commission: z
    .object({ percent: z.number(), amount: z.number().int(), net_total: z.number().int() })
    .nullable(),
  /**
   * For agents: their own markup to their clients (the commission they set, a percentage of
   * `total`), and the price their client pays (`selling_total`). Absent on prices made before it.
   */
  agent_markup: z
    .object({ percent: z.number(), amount: z.number().int(), selling_total: z.number().int() })
    .nullable()
    .optional(),
  /**
   * For a sub-agent whose master agent adds a markup (docs/accounts.md#sub-agents): the master's markup, a
   * percentage of `total`. The sub-agent pays it on top (it is in `commission.net_total`), and
   * their client's `agent_markup.selling_total` is `total` + this + the sub-agent's own markup.
   * Absent for everyone else.
   */
  master_markup: z.object({ percent: z.number(), amount: z.number().int() }).nullable().optional(),
});
export type OfferPrice = z.infer<typeof offerPrice>;

export const offerSegment = z.object({
  airline_code: z.string(),
  airline_name: z.string(),
  flight_number: z.string(),
  depart_code: z.string(),
  dest_code: z.string(),
  /** ISO 8601 with the airport's local offset, e.g. 2026-05-01T06:30:00+05:45. */
  depart_at: z.string(),
  arrive_at: z.string(),
  aircraft: z.string(),
  duration_minutes: z.number().int(),
  class_code: z.string(),
  family: z.string(),
  cabin: z.string(),
  baggage: z.string(),
  refundable: z.boolean(),
  seats_left: z.number().int(),
});
export type OfferSegment = z.infer<typeof offerSegment>;

export const flightOffer = z.object({
  /** Stable: the same id prices the same way until the flights' inventory changes. */
  id: z.string(),
  supplier: z.string(),
  segments: z.array(offerSegment),
  stops: z.number().int(),
  /** First departure to last arrival, in minutes. */
  duration_minutes: z.number().int(),
  fare: z.object({
    family: z.string(),
    class_codes: z.array(z.string()),
    cabin: z.string(),
    baggage: z.string(),
    refundable: z.boolean(),
    /** What cancelling costs, in words a traveller reads. */
    refund_policy: z.string(),
  }),
  /**
   * The fare conditions as data: refund and change tiers, no-show fee, baggage kg (the strictest
   * segment's, as `fare.refund_policy`). Always present in search and availability answers; absent
   * only in offers kept by bookings made before it.
   */
  conditions: offerConditionsSchema.optional(),
  /** The fewest seats left on any segment in the offer's classes. */
  seats_left: z.number().int(),
  price: offerPrice,
  /**
   * Only on an outside supplier's offer (Duffel): the supplier's own offer and price, the exchange
   * rate that converted it, and what booking it needs. A booking keeps it as sold.
   */
  supplier_quote: z
    .object({
      offer_id: z.string(),
      /** The supplier's total in minor units of `currency` (before Tikat's markups). */
      amount: z.number().int(),
      currency: z.string(),
      /** NPR paisa for `unit` units of `currency`, the rate of `effective_date` (null: no conversion). */
      rate: z
        .object({
          currency: z.string(),
          unit: z.number().int(),
          npr: z.number().int(),
          effective_date: z.string(),
          source: z.enum(['admin', 'default']),
        })
        .nullable(),
      /** The supplier's passenger ids: adults, then children, then infants. */
      passenger_ids: z.array(z.string()),
      /** Passport number, expiry and issuing country are needed for every passenger. */
      identity_documents_required: z.boolean(),
      /** No hold at the supplier: the ticket is bought only once the traveller has paid. */
      instant_payment_required: z.boolean(),
      /** The supplier's offer lapses then (ISO 8601, UTC). */
      expires_at: z.string(),
    })
    .optional(),
});
export type FlightOffer = z.infer<typeof flightOffer>;

/** A flight as flown, whatever fare it is sold at: the segment fields that do not depend on the fare. */
export const flightSegment = offerSegment.pick({
  airline_code: true,
  airline_name: true,
  flight_number: true,
  depart_code: true,
  dest_code: true,
  depart_at: true,
  arrive_at: true,
  aircraft: true,
  duration_minutes: true,
});
export type FlightSegment = z.infer<typeof flightSegment>;

/**
 * One fare family of a flight: the offer that sells the flight at that family, with the offer's
 * `fare` fields (family, class codes, cabin, baggage, refundability and policy).
 */
export const fareFamilyOption = flightOffer.shape.fare.extend({
  /** The id of the offer in `offers`: book or re-check it by this id. */
  offer_id: z.string(),
  /** The offer's machine-readable conditions (shared/src/offer-conditions.ts). */
  conditions: offerConditionsSchema,
  seats_left: z.number().int(),
  price: offerPrice,
});
export type FareFamilyOption = z.infer<typeof fareFamilyOption>;

/** A flight (or connection) listed once, with each fare family it is sold at. */
export const searchFlight = z.object({
  /** Stable for the same segments: flight numbers and departure times. */
  id: z.string(),
  supplier: z.string(),
  segments: z.array(flightSegment),
  stops: z.number().int(),
  /** First departure to last arrival, in minutes. */
  duration_minutes: z.number().int(),
  /** The cheapest family's total, in minor units. */
  lowest_total: z.number().int(),
  /** Cheapest first. Every offer of the leg is one family of exactly one flight. */
  families: z.array(fareFamilyOption).min(1),
});
export type SearchFlight = z.infer<typeof searchFlight>;

export const searchLegResult = z.object({
  depart_code: z.string(),
  dest_code: z.string(),
  depart_date: z.string(),
  /** One per flight and fare family (kept for clients written before `flights`). */
  offers: z.array(flightOffer),
  /** The same offers grouped: each flight once, its fare families as options. */
  flights: z.array(searchFlight),
  /** With flexible dates: the lowest total per searched date (null when nothing flies). */
  dates: z.array(z.object({ date: z.string(), lowest_total: z.number().int().nullable() })),
});

/** How one supplier answered a search: `timeout` and `error` mean its offers are left out. */
export const supplierAnswer = z.object({
  id: z.string(),
  status: z.enum(['ok', 'timeout', 'error']),
  /** How long the search waited for it, in milliseconds. */
  ms: z.number().int().min(0),
});
export type SupplierAnswer = z.infer<typeof supplierAnswer>;

export const flightSearchResponse = z.object({
  currency,
  legs: z.array(searchLegResult),
  /** Each supplier asked (the house inventory, Duffel when configured) and how it answered. */
  suppliers: z.array(supplierAnswer),
});
export type FlightSearchResponse = z.infer<typeof flightSearchResponse>;

export const availabilityRequest = z.object({
  user_type: z.string().trim().min(1).max(30).optional().default('agent'),
  offers: z
    .array(
      z.object({
        id: z.string().trim().min(1, 'Choose a flight.').max(600, 'This flight choice is not valid.'),
        /** The total the traveller saw, in minor units; a different price answers PRICE_CHANGED. */
        total: z.number().int().min(0).optional(),
      }),
    )
    .min(1, 'Choose at least one flight.')
    .max(MAX_MULTICITY_SEGMENTS, `Check at most ${MAX_MULTICITY_SEGMENTS} flights at once.`),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequest>;

export const availabilityResponse = z.object({
  offers: z.array(z.object({ status: z.literal('available'), offer: flightOffer })),
  /** Sum of the offers' totals (all offers of one check share the currency). */
  total: z.number().int(),
  currency,
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

export const fareCalendarQuery = z.object({
  depart_code: airportCode('Use a three-letter airport code, such as KTM.', 'Choose where you fly from.'),
  dest_code: airportCode('Use a three-letter airport code, such as PKR.', 'Choose where you fly to.'),
  month: z
    .string({ message: 'Choose a month.' })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-05.'),
  nationality_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(2, 'Choose a nationality from the list.')
    .optional()
    .default('NP'),
});
export type FareCalendarQuery = z.infer<typeof fareCalendarQuery>;

export const fareCalendarResponse = z.object({
  depart_code: z.string(),
  dest_code: z.string(),
  month: z.string(),
  currency,
  /** One entry per day of the month: the lowest one-adult total, or null (no flight, past, too far). */
  days: z.array(z.object({ date: z.string(), lowest_total: z.number().int().nullable() })),
});
export type FareCalendarResponse = z.infer<typeof fareCalendarResponse>;

/**
 * The busiest domestic routes from Kathmandu (domain-nepal.md's block-time list), shown on the home
 * page with their lowest fare over the coming days.
 */
export const POPULAR_DOMESTIC_ROUTES = [
  { depart_code: 'KTM', dest_code: 'PKR' },
  { depart_code: 'KTM', dest_code: 'BWA' },
  { depart_code: 'KTM', dest_code: 'BIR' },
  { depart_code: 'KTM', dest_code: 'KEP' },
  { depart_code: 'KTM', dest_code: 'BHR' },
  { depart_code: 'KTM', dest_code: 'TMI' },
] as const;
/** How many days, from tomorrow in Nepal, a popular route's "from" fare looks over. */
export const POPULAR_ROUTE_DAYS = 14;

export const popularRoutesQuery = z.object({
  nationality_code: fareCalendarQuery.shape.nationality_code,
});

const popularRouteFare = z.object({
  depart_code: z.string(),
  dest_code: z.string(),
  /** The lowest one-adult total over the days looked at (as the fare calendar shows it), or null. */
  lowest_total: z.number().int().nullable(),
  /** The first day with that fare (YYYY-MM-DD), or null. */
  date: z.string().nullable(),
});

export const popularRoutesResponse = z.object({
  currency,
  /** The first and last days looked at (YYYY-MM-DD): tomorrow in Nepal and 13 days after. */
  from_date: z.string(),
  to_date: z.string(),
  routes: z.array(popularRouteFare),
  /** The Everest mountain flight from Kathmandu (sector code MTN), priced the same way. */
  mountain_flight: popularRouteFare,
});
export type PopularRoutesResponse = z.infer<typeof popularRoutesResponse>;

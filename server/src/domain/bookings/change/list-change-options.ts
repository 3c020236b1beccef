import { type FlightOffer, flightSearchRequest } from '#shared/flights';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { AccountUser } from '../../accounts/find-user';
import { type BookingScope, findBooking, loadBookingDetails } from '../../booking-records/find-booking';
import { flightIdOf } from '../../booking-records/flight-id';
import { agentPricingFor } from '../../commissions/agent-pricing';
import { decodeOfferId } from '../../flight-engine/offer-id';
import { offerAsSold } from '../../search/offer-as-sold';
import { searchFlights } from '../../search/search-flights';
import { supplierById } from '../../suppliers/configured-suppliers';
import { type BookingChangeQuote, quoteBookingChange } from './quote-booking-change';
import { supplierChangePrice } from './supplier-change-price';
import { assertNoChangeBeingVerified } from './verify-supplier-changes';

/** A flight the leg may move to and its quote; an outside supplier's change offer lapses at `expiresAt`. */
export interface ChangeOption {
  offer: FlightOffer;
  quote: BookingChangeQuote;
  expiresAt?: number;
}

const NATIONALITY_OF_TIER = { npr: 'NP', usd: 'US', residential: 'US' } as const;

/**
 * The flights one leg of a booking may move to on `date`: a search of the leg's route for its
 * passengers and fare tier, priced for the booker, each house flight with as many stops (its
 * cheapest fare with seats for everyone) quoted as `POST /bookings/:pnr/change` would quote it.
 * The flight already booked is left out. A change the fare's conditions refuse is refused here
 * too (CHANGE_NOT_ALLOWED), before any search.
 */
export async function listChangeOptions(
  db: Db,
  options: {
    /** The booker: the flights are priced for them. */
    user: AccountUser;
    /** Whose bookings the PNR is looked up among: default the booker's own; the console's brand. */
    scope?: BookingScope;
    pnr: string;
    legIndex: number;
    date: string;
    now?: number;
  },
): Promise<ChangeOption[]> {
  const now = options.now ?? Date.now();
  const booking = await findBooking(db, {
    ...(options.scope ?? { userId: options.user.id }),
    pnr: options.pnr,
  });
  const full = await loadBookingDetails(db, booking);
  const leg = full.legs.find((l) => l.position === options.legIndex);
  const ref = leg ? decodeOfferId(leg.offer.id) : undefined;
  const first = leg?.offer.segments[0];
  const last = leg?.offer.segments.at(-1);
  if (!leg || !ref || !first || !last) {
    throw new AppError('VALIDATION_FAILED', 'This booking has no such leg.', {
      leg_index: 'This booking has no such leg.',
    });
  }
  // The conditions first: a fare that allows no change needs no search (same offer: route checks pass).
  try {
    // (An outside supplier's leg is priced by the supplier: no price is needed to check its rules.)
    const noPrice = leg.supplier === 'house' ? undefined : { changeFee: 0, fareDifference: 0, newFare: 0 };
    quoteBookingChange(full, options.legIndex, { ...leg.offer, segments: [] }, now, noPrice);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
  }
  // A leg an outside supplier sold moves by the supplier's own change offers (Duffel's order change
  // request for the date): each is listed on the searched offer of its flights, so confirming it
  // goes through POST /bookings/:pnr/change as any Duffel change does.
  const outside = leg.supplier === 'house' ? undefined : supplierById(leg.supplier);
  if (leg.supplier !== 'house' && (!outside?.listChangeOffers || !leg.supplierOrderId)) {
    throw new AppError('CHANGE_NOT_SUPPORTED', undefined, undefined, { supplier: leg.supplier });
  }
  if (outside) await assertNoChangeBeingVerified(db, booking.id, leg.position);
  const pricing = await agentPricingFor(db, options.user);
  const result = await searchFlights(db, {
    params: flightSearchRequest.parse({
      user_type: options.user.type,
      trip_type: 'oneway',
      depart_code: first.depart_code,
      dest_code: last.dest_code,
      depart_date: options.date,
      nationality_code: NATIONALITY_OF_TIER[ref.tier],
      residential: ref.tier === 'residential',
      adults: ref.passengers.adults,
      children: ref.passengers.children,
      infants: ref.passengers.infants,
    }),
    ...pricing,
    brandId: options.user.brandId,
    now,
  });
  if (outside?.listChangeOffers && leg.supplierOrderId) {
    const changeOffers = await outside.listChangeOffers(db, {
      orderId: leg.supplierOrderId,
      brandId: full.booking.brandId,
      origin: first.depart_code,
      destination: last.dest_code,
      departureDate: options.date,
    });
    const searched = (result.legs[0]?.offers ?? [])
      .filter((engine) => engine.supplier === leg.supplier)
      .map((engine) => offerAsSold(engine, result.airlineNames));
    const flightsOf = (offer: FlightOffer) =>
      offer.segments.map((s) => s.flight_number.replace(/\s+/g, '')).join();
    const listed: ChangeOption[] = [];
    for (const change of changeOffers) {
      if (change.expiresAt <= now) continue;
      const same = searched.filter((offer) => flightsOf(offer) === change.flights.join());
      const offer = same.find((o) => o.fare.family === leg.offer.fare.family) ?? same[0];
      if (!offer) continue;
      try {
        const price = await supplierChangePrice(db, full.booking, change);
        listed.push({
          offer,
          quote: quoteBookingChange(full, options.legIndex, offer, now, price),
          expiresAt: change.expiresAt,
        });
      } catch (error) {
        // The flight already booked, or one that would overlap another leg: not offered.
        if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
      }
    }
    return sortByDeparture(listed);
  }
  const booked = leg.offer.segments.map(flightIdOf).join();
  // Per flight, the fare family booked if it is sold, else its cheapest (search answers cheapest first).
  const byFlight = new Map<string, FlightOffer>();
  for (const engine of result.legs[0]?.offers ?? []) {
    if (engine.supplier !== 'house' || engine.segments.length !== leg.offer.segments.length) continue;
    const offer = offerAsSold(engine, result.airlineNames);
    const key = offer.segments.map(flightIdOf).join();
    if (key === booked || offer.segments[0]?.depart_at.slice(0, 10) !== options.date) continue;
    const chosen = byFlight.get(key);
    if (
      !chosen ||
      (chosen.fare.family !== leg.offer.fare.family && offer.fare.family === leg.offer.fare.family)
    ) {
      byFlight.set(key, offer);
    }
  }
  const answer: ChangeOption[] = [];
  for (const offer of byFlight.values()) {
    try {
      answer.push({ offer, quote: quoteBookingChange(full, options.legIndex, offer, now) });
    } catch (error) {
      // A flight that does not fit the booking (it would overlap another leg) is not offered.
      if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
    }
  }
  return sortByDeparture(answer);
}

const sortByDeparture = (options: ChangeOption[]) =>
  options.sort(
    (a, b) =>
      Date.parse(a.offer.segments[0]?.depart_at ?? '') - Date.parse(b.offer.segments[0]?.depart_at ?? ''),
  );

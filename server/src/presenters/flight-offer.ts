import type { FareFamilyOption, FlightOffer, FlightSearchResponse, SearchFlight } from '#shared/flights';
import { offerAsSold, type SoldOffer } from '../domain/search/offer-as-sold';
import type { SearchFlightsResult } from '../domain/search/search-flights';

/** An offer as the API shows it: the shape a booking keeps too (domain/search/offer-as-sold.ts). */
export const presentOffer = offerAsSold;

/** The same segments flown at the same times, whatever fare: flight numbers and departures. */
const flightKeyOf = (offer: FlightOffer) =>
  offer.segments.map((s) => `${s.flight_number.replace(' ', '')}@${s.depart_at}`).join('+');

function familyOptionOf(offer: SoldOffer): FareFamilyOption {
  return {
    offer_id: offer.id,
    family: offer.fare.family,
    class_codes: offer.fare.class_codes,
    cabin: offer.fare.cabin,
    baggage: offer.fare.baggage,
    refundable: offer.fare.refundable,
    refund_policy: offer.fare.refund_policy,
    conditions: offer.conditions,
    seats_left: offer.seats_left,
    price: offer.price,
  };
}

/**
 * Each flight once, with the offers that sell it as its fare families, cheapest first. Flights
 * keep the order of their first offer, so a list sorted by price stays sorted by "from" price.
 */
export function groupOffersByFlight(offers: SoldOffer[]): SearchFlight[] {
  const flights = new Map<string, SearchFlight>();
  for (const offer of offers) {
    const key = flightKeyOf(offer);
    const option = familyOptionOf(offer);
    const flight = flights.get(key);
    if (flight) {
      flight.families.push(option);
      continue;
    }
    flights.set(key, {
      id: key,
      supplier: offer.supplier,
      segments: offer.segments.map((s) => ({
        airline_code: s.airline_code,
        airline_name: s.airline_name,
        flight_number: s.flight_number,
        depart_code: s.depart_code,
        dest_code: s.dest_code,
        depart_at: s.depart_at,
        arrive_at: s.arrive_at,
        aircraft: s.aircraft,
        duration_minutes: s.duration_minutes,
      })),
      stops: offer.stops,
      duration_minutes: offer.duration_minutes,
      lowest_total: offer.price.total,
      families: [option],
    });
  }
  for (const flight of flights.values()) {
    flight.families.sort((a, b) => a.price.total - b.price.total);
    flight.lowest_total = flight.families[0]?.price.total ?? flight.lowest_total;
  }
  return [...flights.values()];
}

export function presentSearch(result: SearchFlightsResult): FlightSearchResponse {
  return {
    currency: result.currency,
    legs: result.legs.map((leg) => {
      const offers = leg.offers.map((offer) => presentOffer(offer, result.airlineNames));
      return {
        depart_code: leg.origin,
        dest_code: leg.destination,
        depart_date: leg.date,
        offers,
        flights: groupOffersByFlight(offers),
        dates: leg.dates.map((d) => ({ date: d.date, lowest_total: d.lowestTotal })),
      };
    }),
    suppliers: result.suppliers,
  };
}

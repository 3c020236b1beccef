import type { FlightSearchResponse } from '#shared/flights';
import { offerAsSold } from '../domain/flights/offer-as-sold';
import type { SearchFlightsResult } from '../domain/flights/search-flights';

/** An offer as the API shows it: the shape a booking keeps too (domain/flights/offer-as-sold.ts). */
export const presentOffer = offerAsSold;

export function presentSearch(result: SearchFlightsResult): FlightSearchResponse {
  return {
    currency: result.currency,
    legs: result.legs.map((leg) => ({
      depart_code: leg.origin,
      dest_code: leg.destination,
      depart_date: leg.date,
      offers: leg.offers.map((offer) => presentOffer(offer, result.airlineNames)),
      dates: leg.dates.map((d) => ({ date: d.date, lowest_total: d.lowestTotal })),
    })),
  };
}

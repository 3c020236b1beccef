import { type FlightOffer, flightSearchRequest } from '#shared/flights';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { FullBooking } from '../../booking-records/find-booking';
import { flightIdOf } from '../../booking-records/flight-id';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { dateOf, dayOf, todayInNepal } from '../../flight-engine/calendar';
import { decodeOfferId } from '../../flight-engine/offer-id';
import { offerAsSold } from '../../search/offer-as-sold';
import { searchFlights } from '../../search/search-flights';
import type { OpenDisruption } from './find-open-disruption';

/** A disrupted traveller may move to a flight leaving up to this many days after the disrupted one. */
export const REBOOKING_WINDOW_DAYS = 3;

export interface RebookingOptions {
  /** The booking leg that flies the disrupted flight. */
  legPosition: number;
  /** Each flight once (its cheapest fare with seats for everyone), with the offer as the API shows it. */
  offers: { engine: EngineOffer; presented: FlightOffer }[];
  airlineNames: Map<string, string>;
}

const NATIONALITY_OF_TIER = { npr: 'NP', usd: 'US', residential: 'US' } as const;

/**
 * The flights the disrupted leg may move to at no cost: a search of the same route for the same
 * passengers and fare tier, from the disrupted flight's date to 3 days after, with as many flights
 * as the leg had and seats for everyone, the disrupted flight itself left out. Earliest first.
 */
export async function listRebookingOptions(
  db: Db,
  full: FullBooking,
  disruption: OpenDisruption,
  now = Date.now(),
): Promise<RebookingOptions> {
  const leg = full.legs.find((l) => l.offer.segments.some((s) => flightIdOf(s) === disruption.flightId));
  const ref = leg ? decodeOfferId(leg.offer.id) : undefined;
  const first = leg?.offer.segments[0];
  const last = leg?.offer.segments.at(-1);
  if (!leg || !ref || !first || !last) {
    throw new AppError('NO_OPEN_DISRUPTION', 'This booking no longer flies on the disrupted flight.');
  }
  const disruptedDate = disruption.flightId.slice(-10);
  const firstDay = dayOf(disruptedDate);
  const params = flightSearchRequest.parse({
    user_type: 'customer',
    trip_type: 'oneway',
    depart_code: first.depart_code,
    dest_code: last.dest_code,
    depart_date: dateOf(Math.max(firstDay, todayInNepal(now))),
    nationality_code: NATIONALITY_OF_TIER[ref.tier],
    residential: ref.tier === 'residential',
    adults: ref.passengers.adults,
    children: ref.passengers.children,
    infants: ref.passengers.infants,
    flexible_days: REBOOKING_WINDOW_DAYS,
  });
  const result = await searchFlights(db, {
    params,
    grantedCommissionPercent: 0,
    agentMarkupPercent: null,
    brandId: full.booking.brandId,
    now,
  });
  const seen = new Set<string>();
  const offers: RebookingOptions['offers'] = [];
  // Search answers cheapest first, so the first offer of each flight is its cheapest fare.
  for (const engine of result.legs[0]?.offers ?? []) {
    const presented = offerAsSold(engine, result.airlineNames);
    const flightIds = presented.segments.map(flightIdOf);
    const day = dayOf(presented.segments[0]?.depart_at.slice(0, 10) ?? '');
    const fits =
      day >= firstDay &&
      day <= firstDay + REBOOKING_WINDOW_DAYS &&
      engine.supplier === leg.supplier &&
      presented.segments.length === leg.offer.segments.length &&
      !flightIds.includes(disruption.flightId);
    const key = flightIds.join(',');
    if (!fits || seen.has(key)) continue;
    seen.add(key);
    offers.push({ engine, presented });
  }
  offers.sort((a, b) => a.engine.departUtc - b.engine.departUtc);
  return { legPosition: leg.position, offers, airlineNames: result.airlineNames };
}

import type { FlightOffer } from '#shared/flights';
import type { OfferConditions } from '#shared/offer-conditions';
import type { EngineOffer, SupplierQuote } from '../flight-engine/build-offers';
import { describeRefund } from '../flight-engine/fare-conditions';
import { blockMinutes, localTimesOf } from '../flight-engine/flight-network';

/** An offer as sold now: always with its conditions (only offers kept by older bookings lack them). */
export type SoldOffer = FlightOffer & { conditions: OfferConditions };

/**
 * An engine offer in the API's shape (local times with offsets, fare family, price in minor
 * units): what search answers, and what a booking keeps of each leg as it was sold. Its
 * `conditions` are its strictest fare's, the very object that fare carries (not a copy), and
 * `fare.refund_policy` is written from them.
 */
export function offerAsSold(offer: EngineOffer, airlineNames: Map<string, string>): SoldOffer {
  const fares = offer.segments.map((s) => s.fare);
  const first = fares[0];
  const families = [...new Set(fares.map((f) => f.family))];
  // The offer is as flexible as its least flexible segment.
  const strictest = [...fares].sort((a, b) => a.rank - b.rank)[0] ?? first;
  if (!strictest) throw new Error(`offer ${offer.id} has no segments`);
  return {
    id: offer.id,
    supplier: offer.supplier,
    segments: offer.segments.map(({ flight, fare, seatsLeft }) => ({
      airline_code: flight.leg.airlineCode,
      airline_name:
        airlineNames.get(flight.leg.airlineCode) ?? flight.leg.airlineName ?? flight.leg.airlineCode,
      flight_number: `${flight.leg.airlineCode} ${flight.leg.flightNumber}`,
      depart_code: flight.leg.origin,
      dest_code: flight.leg.destination,
      depart_at: localTimesOf(flight).departAt,
      arrive_at: localTimesOf(flight).arriveAt,
      aircraft: flight.leg.aircraft,
      duration_minutes: blockMinutes(flight),
      class_code: fare.classCode,
      family: fare.family,
      cabin: fare.cabin,
      baggage: fare.baggage,
      refundable: fare.refundable,
      seats_left: seatsLeft,
    })),
    stops: offer.stops,
    duration_minutes: Math.round((offer.arriveUtc - offer.departUtc) / 60_000),
    fare: {
      family: families.join(' / '),
      class_codes: fares.map((f) => f.classCode),
      cabin: fares.some((f) => f.cabin === 'economy') ? 'economy' : (first?.cabin ?? 'economy'),
      baggage: [...new Set(fares.map((f) => f.baggage))].join(' / '),
      refundable: fares.every((f) => f.refundable),
      refund_policy: describeRefund(strictest.conditions),
    },
    conditions: strictest.conditions,
    seats_left: offer.seatsLeft,
    price: offer.price,
    ...(offer.supplierQuote ? { supplier_quote: supplierQuoteOf(offer.supplierQuote) } : {}),
  };
}

function supplierQuoteOf(quote: SupplierQuote): NonNullable<FlightOffer['supplier_quote']> {
  return {
    offer_id: quote.offerId,
    amount: quote.amount,
    currency: quote.currency,
    rate: quote.rate && {
      currency: quote.rate.currency,
      unit: quote.rate.unit,
      npr: quote.rate.npr,
      effective_date: quote.rate.effectiveDate,
      source: quote.rate.source,
    },
    passenger_ids: quote.passengerIds,
    identity_documents_required: quote.identityDocumentsRequired,
    instant_payment_required: quote.requiresInstantPayment,
    expires_at: new Date(quote.expiresAt).toISOString(),
  };
}

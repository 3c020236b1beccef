import type { FlightOffer, OfferPrice } from '#shared/flights';
import { type ConditionFee, type OfferConditions, tierAt } from '#shared/offer-conditions';
import type { SegmentFare } from '../../../db/schema/bookings';
import { AppError } from '../../../errors';
import type { FullBooking } from '../../booking-records/find-booking';
import { flightIdOf } from '../../booking-records/flight-id';
import { conditionsFromRefundRules, describeChange, describeTier } from '../../flight-engine/fare-conditions';
import { percentOf, TOURISM_SERVICE_FEE_VAT_BASIS_POINTS } from '../../flight-engine/fare-rules';

export interface BookingChangeQuote {
  currency: 'NPR' | 'USD';
  legIndex: number;
  fromFlights: string[];
  toFlights: string[];
  /** The leg's fare as sold, and the new offer's now (all passengers, gross). */
  oldFare: number;
  newFare: number;
  /** Σ per passenger max(0, new − old): a cheaper fare gives nothing back. */
  fareDifference: number;
  changeFee: number;
  /** The VAT inside `changeFee` (the VAT charged on the share of the base fare it keeps). */
  changeFeeVat: number;
  /** International carriage (zero-rated): the fee goes in the invoice's export column. */
  international: boolean;
  amountDue: number;
  rule: string;
}

const HOUR = 3_600_000;

/**
 * An outside supplier's own price for the change (Duffel's order change offer), in the booking's
 * currency: its penalty, the part of its change total beyond the penalty, and the new fare.
 */
export interface SupplierChangePrice {
  changeFee: number;
  fareDifference: number;
  newFare: number;
}

/**
 * What moving one leg of a ticketed booking to `offer` costs now (docs/bookings.md "Date change"):
 * the change fee of each of the leg's flights under the conditions it was sold with (the tier that
 * applies with the hours left before that flight leaves; a percentage of each passenger's base
 * fare with the VAT charged on that share, or a fixed amount per passenger and flight), plus the
 * fare difference per passenger, never below zero. Refuses (409 CHANGE_NOT_ALLOWED, `data.rule`)
 * a booking not ticketed, a fare that allows no change, a flight within the last tier's hours or
 * already gone; an outside supplier's leg is priced by the supplier (`supplierPrice`: its penalty
 * and the change total beyond it), without it 422 CHANGE_NOT_SUPPORTED; 400 naming `leg_index` or
 * `offer_id` for a leg that does not exist or an offer that does not fit it.
 */
export function quoteBookingChange(
  full: FullBooking,
  legIndex: number,
  offer: FlightOffer,
  now = Date.now(),
  supplierPrice?: SupplierChangePrice,
): BookingChangeQuote {
  const { booking } = full;
  const leg = full.legs.find((l) => l.position === legIndex);
  if (!leg) throw invalid('leg_index', 'This booking has no such leg.');
  if (leg.supplier !== 'house' && !supplierPrice) throw new AppError('CHANGE_NOT_SUPPORTED');
  if (booking.status !== 'ticketed') {
    throw new AppError(
      'CHANGE_NOT_ALLOWED',
      `Only a ticketed booking can have its date changed; this one is ${booking.status}.`,
    );
  }
  // Only the passengers still travelling on the leg are charged (docs/bookings.md#after-sales-money).
  const counts = travellingCountsOnLeg(full, legIndex);
  let changeFee = 0;
  let changeFeeVat = 0;
  const rules: string[] = [];
  if (supplierPrice) {
    for (const segment of leg.segmentFares) {
      if (Date.parse(segment.departUtc) <= now)
        throw new AppError(
          'CHANGE_NOT_ALLOWED',
          'This flight has already left: its date can no longer be changed.',
          undefined,
          { rule: 'the airline’s change penalty' },
        );
    }
    changeFee = supplierPrice.changeFee;
    rules.push('the airline’s change penalty');
  }
  for (const segment of supplierPrice ? [] : leg.segmentFares) {
    const conditions = conditionsOf(segment);
    const rule = describeChange(conditions);
    const refuse = (message: string) => new AppError('CHANGE_NOT_ALLOWED', message, undefined, { rule });
    const hoursLeft = (Date.parse(segment.departUtc) - now) / HOUR;
    if (hoursLeft <= 0) throw refuse('This flight has already left: its date can no longer be changed.');
    if (!conditions.change.allowed) throw refuse('This fare does not allow date changes.');
    const tier = tierAt(conditions.change, hoursLeft);
    if (!tier) throw refuse(rule);
    const fee = feeOfSegment(segment.price, tier.fee, booking.currency, counts);
    if (!fee) {
      throw refuse(
        `This fare's change fee is in ${'currency' in tier.fee ? tier.fee.currency : ''}: ask us to change it.`,
      );
    }
    changeFee += fee.fee;
    changeFeeVat += fee.vat;
    rules.push(`change fee ${describeTier(conditions.change, conditions.change.tiers.indexOf(tier))}`);
  }

  const from = leg.offer.segments;
  const to = offer.segments;
  const fromFlights = from.map(flightIdOf);
  const toFlights = to.map(flightIdOf);
  if (
    to.length !== from.length ||
    to[0]?.depart_code !== from[0]?.depart_code ||
    to.at(-1)?.dest_code !== from.at(-1)?.dest_code
  ) {
    throw invalid(
      'offer_id',
      `Choose a flight of the same route (${from[0]?.depart_code} → ${from.at(-1)?.dest_code}) with as many stops.`,
    );
  }
  if (fromFlights.join() === toFlights.join()) {
    throw invalid('offer_id', 'This is the flight already booked: choose another flight or date.');
  }
  if (offer.price.currency !== booking.currency) {
    throw invalid('offer_id', `Choose a flight priced in ${booking.currency}, as the booking is.`);
  }
  const samePassengers =
    offer.price.per_passenger.length === leg.offer.price.per_passenger.length &&
    offer.price.per_passenger.every((p) =>
      leg.offer.price.per_passenger.some((o) => o.type === p.type && o.count === p.count),
    );
  if (!samePassengers) throw invalid('offer_id', 'Choose a flight searched for the same passengers.');
  const previous = full.legs.find((l) => l.position === legIndex - 1)?.offer.segments.at(-1);
  const next = full.legs.find((l) => l.position === legIndex + 1)?.offer.segments[0];
  const departs = Date.parse(to[0]?.depart_at ?? '');
  const arrives = Date.parse(to.at(-1)?.arrive_at ?? '');
  if (
    (previous && departs <= Date.parse(previous.arrive_at)) ||
    (next && arrives >= Date.parse(next.depart_at))
  ) {
    throw invalid('offer_id', 'This flight would overlap the booking’s other flights: choose another.');
  }

  let fareDifference = supplierPrice?.fareDifference ?? 0;
  for (const p of supplierPrice ? [] : offer.price.per_passenger) {
    const old = leg.offer.price.per_passenger.find((o) => o.type === p.type);
    fareDifference += Math.max(0, p.total - (old?.total ?? 0)) * (counts[p.type] ?? 0);
  }
  return {
    currency: booking.currency,
    legIndex,
    fromFlights,
    toFlights,
    oldFare: leg.offer.price.total,
    newFare: supplierPrice ? supplierPrice.newFare : offer.price.total,
    fareDifference,
    changeFee,
    changeFeeVat,
    international: leg.offer.price.per_passenger.some((p) => (p.tourism_service_fee ?? 0) > 0),
    amountDue: fareDifference + changeFee,
    rule: `${[...new Set(rules)].join('; ')}; plus the fare difference (a lower fare is not refunded).`,
  };
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });

function conditionsOf(segment: SegmentFare): OfferConditions {
  if (segment.conditions) return segment.conditions;
  if (segment.refundRules) return conditionsFromRefundRules(segment.refundRules);
  throw new Error('a booked segment has neither conditions nor refund rules');
}

/**
 * A tier's change fee on one flight, for the passengers counted (per type): a percentage of each passenger's base fare
 * with the VAT charged on that share (as a cancellation fee is kept), or a fixed amount per
 * passenger (VAT inclusive where the fare bears VAT). Null when in another currency than the booking's.
 */
function feeOfSegment(
  price: OfferPrice,
  fee: ConditionFee,
  currency: string,
  counts: Record<string, number>,
): { fee: number; vat: number } | null {
  if ('currency' in fee && fee.currency !== currency) return null;
  let total = 0;
  let vat = 0;
  for (const p of price.per_passenger) {
    const tourismVat = Math.round(
      ((p.tourism_service_fee ?? 0) * TOURISM_SERVICE_FEE_VAT_BASIS_POINTS) / 10_000,
    );
    const fareVat = p.vat - tourismVat;
    const baseAndFuel = p.base + p.fuel_surcharge;
    if ('percent' in fee) {
      const keptBase = percentOf(p.base, fee.percent);
      const keptVat = baseAndFuel > 0 ? Math.round((fareVat * keptBase) / baseAndFuel) : 0;
      total += (keptBase + keptVat) * (counts[p.type] ?? 0);
      vat += keptVat * (counts[p.type] ?? 0);
    } else {
      const each = fee.amount;
      const eachVat = fareVat > 0 ? Math.round((each * 13) / 113) : 0;
      total += each * (counts[p.type] ?? 0);
      vat += eachVat * (counts[p.type] ?? 0);
    }
  }
  return { fee: total, vat };
}

/** The passengers with an open ticket on the leg's flights: those a change of it reissues. */
export function travellingOnLeg(full: FullBooking, legIndex: number): FullBooking['passengers'] {
  const first = full.legs
    .filter((l) => l.position < legIndex)
    .reduce((count, l) => count + l.offer.segments.length, 0);
  const leg = full.legs.find((l) => l.position === legIndex);
  const last = first + (leg?.offer.segments.length ?? 0);
  const open = new Set(
    full.tickets
      .filter((t) => t.status === 'open' && t.segmentIndex >= first && t.segmentIndex < last)
      .map((t) => t.passengerId),
  );
  return full.passengers.filter((p) => open.has(p.id));
}

function travellingCountsOnLeg(full: FullBooking, legIndex: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of travellingOnLeg(full, legIndex)) counts[p.type] = (counts[p.type] ?? 0) + 1;
  return counts;
}

/**
 * How a change's fare difference and fee are shared among the passengers it reissues, per
 * passenger type: the difference by each type's fare difference, the fee by one passenger's fee of
 * that type under the first tier of each flight's conditions (the tiers differ in size, not in how
 * they fall on the types). An outside supplier's lump sums fall evenly where these are zero.
 */
export function changeShareWeights(
  leg: FullBooking['legs'][number],
  toPrice: OfferPrice,
  currency: string,
): { difference: (type: string) => number; fee: (type: string) => number } {
  const oldEach = new Map<string, number>(leg.offer.price.per_passenger.map((p) => [p.type, p.total]));
  const newEach = new Map<string, number>(toPrice.per_passenger.map((p) => [p.type, p.total]));
  const feeEach = (type: string) => {
    let sum = 0;
    for (const segment of leg.segmentFares) {
      const tier = conditionsOf(segment).change.tiers[0];
      if (!tier) continue;
      sum += feeOfSegment(segment.price, tier.fee, currency, { [type]: 1 })?.fee ?? 0;
    }
    return sum;
  };
  return {
    difference: (type) => Math.max(0, (newEach.get(type) ?? 0) - (oldEach.get(type) ?? 0)),
    fee: feeEach,
  };
}

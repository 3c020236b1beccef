import type { OfferPrice } from '#shared/flights';
import type { ConditionFee, OfferConditions } from '#shared/offer-conditions';
import type { SegmentFare } from '../../../db/schema/bookings';
import type { FullBooking } from '../../booking-records/find-booking';
import {
  conditionsFromRefundRules,
  describeRefund,
  describeTier,
  lastTierHours,
} from '../../flight-engine/fare-conditions';
import { percentOf, TOURISM_SERVICE_FEE_VAT_BASIS_POINTS } from '../../flight-engine/fare-rules';
import { cancelledPassengerIds } from './choose-cancelled-passengers';

export interface CancellationQuote {
  currency: string;
  /** What was paid (0 while held). */
  paid: number;
  cancellationFee: number;
  refund: number;
  rule: string;
  /** Why cancelling is refused now, if it is. */
  refusal?: string;
  /** The passengers whose tickets the quote covers (after a partial cancellation, or of one). */
  passengerIds?: string[];
  /** A void's quote: the last instant the tickets can be voided. */
  voidUntil?: Date;
}

const HOUR = 3_600_000;

/**
 * What cancelling costs now, from each flight's fare conditions (the same data the offer showed and
 * its `refund_policy` sentence was written from) and the time left before it leaves: the refund
 * tier that applies (the first whose `hours_before_departure` is at most the hours left) keeps its
 * fee of the base fare (with the VAT on it), while the fuel surcharge, the passenger service charge
 * and the Tourism Service Fee always come back. Cancelling is refused within the last tier's hours
 * (it counts as a no-show), on a fare that allows no refund, and once a flight has left. Nothing is
 * owed on a booking that was not paid.
 * The refund is what was paid less the fee (an agent's commission is not clawed back).
 *
 * `passengerIds` (docs/bookings.md#partial-cancellation): quote only these passengers' tickets, as chosen by
 * chooseCancelledPassengers. Their part of what was paid is their price's share of the booking's
 * price (per passenger type, rounded); the fee counts only them. Cancelling what is left after a
 * partial cancellation counts only the passengers still on it, and their part is what was paid
 * less the parts cancelled before, so the parts always add up to what was paid.
 */
export function quoteCancellation(
  full: FullBooking,
  now = Date.now(),
  passengerIds?: string[],
): CancellationQuote {
  const { booking } = full;
  const gone = cancelledPassengerIds(full);
  const cancelling = passengerIds ?? full.passengers.filter((p) => !gone.has(p.id)).map((p) => p.id);
  const wholeBooking = gone.size === 0 && cancelling.length === full.passengers.length;
  // The whole booking: every passenger the price counts (as before partial cancellations existed).
  const counts = wholeBooking ? undefined : countsByType(full, cancelling);
  const amountPaid = booking.status === 'paid' || booking.status === 'ticketed' ? booking.amountDue : 0;
  const paid = wholeBooking
    ? amountPaid
    : cancelling.length + gone.size === full.passengers.length
      ? amountPaid - shareOf(full, amountPaid, [...gone])
      : shareOf(full, amountPaid, cancelling);
  const base = {
    currency: booking.currency,
    paid,
    ...(wholeBooking && !passengerIds ? {} : { passengerIds: cancelling }),
  };
  if (booking.status === 'held') {
    return {
      ...base,
      cancellationFee: 0,
      refund: 0,
      rule: 'Not paid yet: cancelling releases the seats at no cost.',
    };
  }
  if (paid === 0) {
    return {
      ...base,
      cancellationFee: 0,
      refund: 0,
      rule: `This booking is ${booking.status}.`,
      refusal: `This booking is ${booking.status} and cannot be cancelled.`,
    };
  }
  let fee = 0;
  const rules: string[] = [];
  for (const leg of full.legs) {
    for (const segment of leg.segmentFares) {
      const hoursLeft = (Date.parse(segment.departUtc) - now) / HOUR;
      const conditions = conditionsOfSegment(segment);
      const refuse = (refusal: string, rule = describeRefund(conditions)) => ({
        ...base,
        cancellationFee: paid,
        refund: 0,
        rule,
        refusal,
      });
      if (hoursLeft <= 0) {
        return refuse(
          'A flight of this booking has already left: it can no longer be cancelled online.',
          'A flight has left: no refund of the fare on a no-show.',
        );
      }
      const { refund } = conditions;
      if (!refund.allowed) return refuse('This fare cannot be cancelled for a refund.');
      const index = refund.tiers.findIndex((t) => t.hours_before_departure <= hoursLeft);
      const tier = refund.tiers[index];
      if (!tier) {
        return refuse(
          `Cancelling is not allowed within ${lastTierHours(refund)} h of departure: it counts as a no-show.`,
        );
      }
      const kept = keptOfSegment(segment.price, tier.fee, booking.currency, counts);
      if (kept === null) {
        return refuse(
          `This fare's cancellation fee is in ${'currency' in tier.fee ? tier.fee.currency : ''}: ask us to cancel it.`,
        );
      }
      fee += kept;
      rules.push(`${describeTier(refund, index)} kept`);
    }
  }
  const cancellationFee = Math.min(fee, paid);
  return {
    ...base,
    cancellationFee,
    refund: paid - cancellationFee,
    rule: `${[...new Set(rules)].join('; ')}. The fuel surcharge and passenger service charge are refunded.`,
  };
}

/** A segment's conditions as sold, or those its older refund rules meant. */
function conditionsOfSegment(segment: SegmentFare): OfferConditions {
  if (segment.conditions) return segment.conditions;
  if (segment.refundRules) return conditionsFromRefundRules(segment.refundRules);
  throw new Error('a booked segment has neither conditions nor refund rules');
}

/**
 * What a tier's fee keeps of one segment's price, all passengers together: a percentage of each
 * passenger's base fare with the VAT charged on that share, or a fixed amount per passenger (at
 * most the base fare and its VAT). The fuel surcharge, service charge and Tourism Service Fee always
 * come back. Null when the fee is in another currency than the booking's.
 */
function keptOfSegment(
  price: OfferPrice,
  fee: ConditionFee,
  currency: string,
  counts: Record<string, number> | undefined,
): number | null {
  if ('currency' in fee && fee.currency !== currency) return null;
  let kept = 0;
  for (const p of price.per_passenger) {
    // VAT is charged on base + fuel (and on the Tourism Service Fee, which comes back whole).
    const tourismVat = Math.round(
      ((p.tourism_service_fee ?? 0) * TOURISM_SERVICE_FEE_VAT_BASIS_POINTS) / 10_000,
    );
    const fareVat = p.vat - tourismVat;
    const baseAndFuel = p.base + p.fuel_surcharge;
    const vatOn = (share: number) => (baseAndFuel > 0 ? Math.round((fareVat * share) / baseAndFuel) : 0);
    const keptBase = 'percent' in fee ? percentOf(p.base, fee.percent) : p.base;
    const keptEach = keptBase + vatOn(keptBase);
    kept +=
      ('percent' in fee ? keptEach : Math.min(fee.amount, keptEach)) *
      (counts ? (counts[p.type] ?? 0) : p.count);
  }
  return kept;
}

/**
 * What was paid for the passengers still on a paid booking: all of it, less the parts of those
 * cancelled before (a full refund after a partial cancellation gives back only the rest).
 */
export function paidStillOnBooking(full: FullBooking): number {
  const gone = cancelledPassengerIds(full);
  const { amountDue } = full.booking;
  return gone.size === 0 ? amountDue : amountDue - shareOf(full, amountDue, [...gone]);
}

/** How many passengers of each type are among `ids`. */
function countsByType(full: FullBooking, ids: string[]): Record<string, number> {
  const chosen = new Set(ids);
  const counts: Record<string, number> = {};
  for (const p of full.passengers) if (chosen.has(p.id)) counts[p.type] = (counts[p.type] ?? 0) + 1;
  return counts;
}

/**
 * What the passengers `ids` paid of `amountPaid`: their prices' share of the booking's price (an
 * agent's net price shared the same way), rounded to the minor unit.
 */
function shareOf(full: FullBooking, amountPaid: number, ids: string[]): number {
  const { price } = full.booking;
  if (price.total <= 0) return 0;
  const eachOf = new Map(price.per_passenger.map((p) => [p.type, p.total]));
  const chosen = new Set(ids);
  const theirs = full.passengers
    .filter((p) => chosen.has(p.id))
    .reduce((sum, p) => sum + (eachOf.get(p.type) ?? 0), 0);
  return Math.round((amountPaid * theirs) / price.total);
}

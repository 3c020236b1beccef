import type { OfferPrice } from '#shared/flights';
import type { ConditionFee, OfferConditions } from '#shared/offer-conditions';
import type { SegmentFare } from '../../../db/schema/bookings';
import type { FullBooking } from '../../booking-records/find-booking';
import { refundablePaidOf, salePartsOf } from '../../booking-records/passenger-money';
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
  /**
   * Per passenger covered: what they paid that comes back with the fare, the fee kept and the
   * refund (adding up to `paid`, `cancellationFee` and `refund`). Absent on a supplier's quote.
   */
  parts?: PassengerRefundPart[];
}

/** One passenger's share of a cancellation, void or full refund. */
export interface PassengerRefundPart {
  passengerId: string;
  paid: number;
  fee: number;
  refund: number;
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
 * Every amount is worked out per passenger (docs/bookings.md#after-sales-money): what each paid is
 * their part of the sale's payment (shared by their prices, parts adding up exactly) plus the fare
 * differences of their date changes; the fee counts each passenger covered once, at most what they
 * paid. `passengerIds` (docs/bookings.md#partial-cancellation): quote only these passengers'
 * tickets, as chosen by chooseCancelledPassengers; without it, everyone still travelling.
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
  const chosen = full.passengers.filter((p) => cancelling.includes(p.id));
  const sale = salePartsOf(full);
  // Only a booking still paid for has anything to give back.
  const active = booking.status === 'paid' || booking.status === 'ticketed';
  const paidOf = new Map(chosen.map((p) => [p.id, active ? refundablePaidOf(sale, p) : 0]));
  const paid = [...paidOf.values()].reduce((a, b) => a + b, 0);
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
      parts: chosen.map((p) => ({ passengerId: p.id, paid: 0, fee: 0, refund: 0 })),
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
  // Each passenger's fee under every flight's tier, counted for them alone.
  const feeOf = new Map(chosen.map((p) => [p.id, 0]));
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
      for (const p of chosen) {
        const kept = keptOfSegment(segment.price, tier.fee, booking.currency, p.type);
        if (kept === null) {
          return refuse(
            `This fare's cancellation fee is in ${'currency' in tier.fee ? tier.fee.currency : ''}: ask us to cancel it.`,
          );
        }
        feeOf.set(p.id, (feeOf.get(p.id) ?? 0) + kept);
      }
      rules.push(`${describeTier(refund, index)} kept`);
    }
  }
  // A passenger's fee is at most what they paid (an agent's net price may be below the fee).
  const parts = chosen.map((p) => {
    const theirs = paidOf.get(p.id) ?? 0;
    const fee = Math.min(feeOf.get(p.id) ?? 0, theirs);
    return { passengerId: p.id, paid: theirs, fee, refund: theirs - fee };
  });
  const cancellationFee = parts.reduce((sum, part) => sum + part.fee, 0);
  return {
    ...base,
    cancellationFee,
    refund: paid - cancellationFee,
    rule: `${[...new Set(rules)].join('; ')}. The fuel surcharge and passenger service charge are refunded.`,
    parts,
  };
}

/** A segment's conditions as sold, or those its older refund rules meant. */
function conditionsOfSegment(segment: SegmentFare): OfferConditions {
  if (segment.conditions) return segment.conditions;
  if (segment.refundRules) return conditionsFromRefundRules(segment.refundRules);
  throw new Error('a booked segment has neither conditions nor refund rules');
}

/**
 * What a tier's fee keeps of one segment's price for one passenger of `type`: a percentage of each
 * passenger's base fare with the VAT charged on that share, or a fixed amount per passenger (at
 * most the base fare and its VAT). The fuel surcharge, service charge and Tourism Service Fee always
 * come back. Null when the fee is in another currency than the booking's.
 */
function keptOfSegment(price: OfferPrice, fee: ConditionFee, currency: string, type: string): number | null {
  if ('currency' in fee && fee.currency !== currency) return null;
  let kept = 0;
  for (const p of price.per_passenger.filter((each) => each.type === type)) {
    // VAT is charged on base + fuel (and on the Tourism Service Fee, which comes back whole).
    const tourismVat = Math.round(
      ((p.tourism_service_fee ?? 0) * TOURISM_SERVICE_FEE_VAT_BASIS_POINTS) / 10_000,
    );
    const fareVat = p.vat - tourismVat;
    const baseAndFuel = p.base + p.fuel_surcharge;
    const vatOn = (share: number) => (baseAndFuel > 0 ? Math.round((fareVat * share) / baseAndFuel) : 0);
    const keptBase = 'percent' in fee ? percentOf(p.base, fee.percent) : p.base;
    const keptEach = keptBase + vatOn(keptBase);
    kept += 'percent' in fee ? keptEach : Math.min(fee.amount, keptEach);
  }
  return kept;
}

import { describeRefund, percentOf } from '../flights/engine/fare-rules';
import type { FullBooking } from './find-booking';

export interface CancellationQuote {
  currency: string;
  /** What was paid (0 while held). */
  paid: number;
  cancellationFee: number;
  refund: number;
  rule: string;
  /** Why cancelling is refused now, if it is. */
  refusal?: string;
}

const HOUR = 3_600_000;

/**
 * What cancelling costs now, from each flight's fare rules and the time left before it leaves:
 * a share of the base fare (and the VAT on that share) is kept — the early or late percentage, or
 * all of it for a fare that refunds only the fuel surcharge — while the fuel surcharge and the
 * passenger service charge always come back. Cancelling is refused within a flight's no-cancel
 * window and once it has left. Nothing is owed on a booking that was not paid.
 * The refund is what was paid less the fee (an agent's commission is not clawed back).
 */
export function quoteCancellation(full: FullBooking, now = Date.now()): CancellationQuote {
  const { booking } = full;
  const paid = booking.status === 'paid' || booking.status === 'ticketed' ? booking.amountDue : 0;
  const base = { currency: booking.currency, paid };
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
      const r = segment.refundRules;
      if (hoursLeft <= 0) {
        return {
          ...base,
          cancellationFee: paid,
          refund: 0,
          rule: 'A flight has left: no refund of the fare on a no-show.',
          refusal: 'A flight of this booking has already left: it can no longer be cancelled online.',
        };
      }
      if (hoursLeft < r.closedWithinHours) {
        return {
          ...base,
          cancellationFee: paid,
          refund: 0,
          rule: describeRefund(r),
          refusal: `Cancelling is not allowed within ${r.closedWithinHours} h of departure.`,
        };
      }
      const percent = r.fuelSurchargeOnly
        ? 100
        : hoursLeft > r.lateWindowHours
          ? r.earlyFeePercent
          : r.lateFeePercent;
      for (const p of segment.price.per_passenger) {
        const keptBase = percentOf(p.base, percent);
        // VAT is charged on base + fuel: the VAT on the kept share of the base is kept too.
        const baseAndFuel = p.base + p.fuel_surcharge;
        const keptVat = baseAndFuel > 0 ? Math.round((p.vat * keptBase) / baseAndFuel) : 0;
        fee += (keptBase + keptVat) * p.count;
      }
      rules.push(
        r.fuelSurchargeOnly
          ? 'only the fuel surcharge and service charge are refunded'
          : `${percent} % of the base fare kept (${hoursLeft > r.lateWindowHours ? 'more' : 'less'} than ${r.lateWindowHours} h before departure)`,
      );
    }
  }
  const cancellationFee = Math.min(fee, paid);
  return {
    ...base,
    cancellationFee,
    refund: paid - cancellationFee,
    rule: `${[...new Set(rules)].join('; ')}. Fuel surcharge and passenger service charge are refunded.`,
  };
}

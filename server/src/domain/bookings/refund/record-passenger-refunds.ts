import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { FullBooking } from '../../booking-records/find-booking';
import { allocate, refundablePaidOf, salePartsOf } from '../../booking-records/passenger-money';
import type { CancellationQuote, PassengerRefundPart } from './quote-cancellation';

/**
 * Each passenger's part of a quote: its own `parts`, or (a supplier's quote, a void) its refund and
 * fee shared among `passengerIds` by what each paid, adding up exactly.
 */
export function refundPartsOf(
  full: FullBooking,
  quote: CancellationQuote,
  passengerIds: string[],
): PassengerRefundPart[] {
  if (quote.parts) return quote.parts;
  const sale = salePartsOf(full);
  const covered = full.passengers.filter((p) => passengerIds.includes(p.id));
  const paidEach = covered.map((p) => refundablePaidOf(sale, p));
  const paid = allocate(quote.paid, paidEach);
  const refund = allocate(quote.refund, paidEach);
  return covered.map((p, i) => ({
    passengerId: p.id,
    paid: paid[i] ?? 0,
    fee: (paid[i] ?? 0) - (refund[i] ?? 0),
    refund: refund[i] ?? 0,
  }));
}

/**
 * In the cancellation's transaction: each covered passenger's refund added to what came back for
 * them, and the passenger marked cancelled (docs/bookings.md#after-sales-money). One statement.
 */
export async function recordPassengerRefunds(
  tx: Db,
  bookingId: string,
  parts: PassengerRefundPart[],
): Promise<void> {
  if (parts.length === 0) return;
  await tx.execute(sql`
    update booking_passengers as p
    set refunded = p.refunded + r.refund, cancelled_at = coalesce(p.cancelled_at, now())
    from unnest(${sql.param(parts.map((part) => part.passengerId))}::uuid[],
                ${sql.param(parts.map((part) => part.refund))}::int[]) as r(id, refund)
    where p.id = r.id and p.booking_id = ${bookingId}`);
}

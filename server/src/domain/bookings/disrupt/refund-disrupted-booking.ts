import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../booking-records/change-booking-status';
import type { BookingScope, FullBooking } from '../../booking-records/find-booking';
import { cancelBooking } from '../cancel/cancel-booking';
import { type CancellationQuote, paidStillOnBooking } from '../refund/quote-cancellation';
import { findOpenDisruption } from './find-open-disruption';
import { resolveDisruption } from './resolve-disruption';

export interface RefundDisruptedBookingOptions {
  scope: BookingScope;
  pnr: string;
  by: Actor;
  /** The agency's staff member acting for the traveller: the change is audited in its transaction. */
  audit?: AuditActor | undefined;
}

/** Everything paid comes back: no fee and no no-cancel window when the airline changed the flight. */
export function fullRefundQuote(full: FullBooking): CancellationQuote {
  const { booking } = full;
  if (!['held', 'paid', 'ticketed'].includes(booking.status)) {
    return {
      currency: booking.currency,
      paid: 0,
      cancellationFee: 0,
      refund: 0,
      rule: '',
      refusal: 'This booking is no longer active.',
    };
  }
  const paid = booking.status === 'held' ? 0 : paidStillOnBooking(full);
  return {
    currency: booking.currency,
    paid,
    cancellationFee: 0,
    refund: paid,
    rule: 'Flight changed by the airline: full refund without fee',
  };
}

/**
 * Cancels a disrupted booking with everything paid refunded, without fee, to where it came from:
 * a wallet credit at once, or a gateway refund record (as any cancellation makes), seats released
 * and tickets refunded. Answers the disruption `refunded` in the same transaction.
 */
export async function refundDisruptedBooking(
  db: Db,
  options: RefundDisruptedBookingOptions,
): Promise<{ quote: CancellationQuote; bookingId: string }> {
  const { quote, bookingId } = await cancelBooking(db, {
    scope: options.scope,
    pnr: options.pnr,
    confirm: true,
    by: options.by,
    reason: 'Flight disrupted: full refund without fee',
    quoteWith: fullRefundQuote,
    afterCancel: async (tx, booking, cancelled) => {
      const disruption = await findOpenDisruption(tx, booking.id);
      await resolveDisruption(tx, {
        bookingId: booking.id,
        disruptionId: disruption.id,
        resolution: 'refunded',
        by: options.by.name,
      });
      if (options.audit) {
        await recordAudit(tx, {
          brandId: booking.brandId,
          actor: options.audit,
          action: 'booking.disruption.refund',
          entityType: 'booking',
          entityId: booking.pnr,
          before: { status: booking.status },
          after: {
            flightId: disruption.flightId,
            resolution: 'refunded',
            refund: cancelled.refund,
            currency: cancelled.currency,
          },
        });
      }
    },
  });
  if (!bookingId) throw new AppError('NO_OPEN_DISRUPTION');
  return { quote, bookingId };
}

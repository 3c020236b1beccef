import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { refuseStaffBookingBeneficiary } from '../../admin/refuse-staff-beneficiary';
import type { AuditActor } from '../../audit/record-audit';
import type { Actor } from '../../booking-records/change-booking-status';
import type { BookingScope } from '../../booking-records/find-booking';
import { findBooking } from '../../booking-records/find-booking';
import { cancelBooking } from '../cancel/cancel-booking';
import type { CancellationQuote } from '../refund/quote-cancellation';

export interface RefundDisruptedBookingOptions {
  scope: BookingScope;
  pnr: string;
  by: Actor;
  /** The agency's staff member acting for the traveller: the change is audited in its transaction. */
  audit?: AuditActor | undefined;
}

/**
 * Cancels a disrupted booking with everything paid refunded, without fee, to where it came from:
 * a wallet credit at once, or a gateway refund record (as any cancellation makes), seats released
 * and tickets refunded. Answers the disruption `refunded` in the same transaction. Staff (`audit`)
 * never refund their own booking or another staff member's this way: 403 STAFF_OWN_ACCOUNT.
 */
export async function refundDisruptedBooking(
  db: Db,
  options: RefundDisruptedBookingOptions,
): Promise<{ quote: CancellationQuote; bookingId: string }> {
  if (options.audit) {
    const booking = await findBooking(db, { ...options.scope, pnr: options.pnr });
    await refuseStaffBookingBeneficiary(db, options.audit, booking.userId);
  }
  const { quote, bookingId } = await cancelBooking(db, {
    scope: options.scope,
    pnr: options.pnr,
    confirm: true,
    by: options.by,
    reason: 'Flight disrupted: full refund without fee',
    refund: 'full',
    answersDisruption: true,
    audit: options.audit,
  });
  if (!bookingId) throw new AppError('NO_OPEN_DISRUPTION');
  return { quote, bookingId };
}

import type { Db } from '../../../db/client';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import type { BookingRow } from '../../booking-records/find-booking';
import type { CancellationQuote } from './quote-cancellation';

/**
 * The audit entry of a booking the agency cancelled or voided for the traveller
 * (`booking.cancel` / `booking.void`), in the cancelling transaction.
 */
export async function recordCancellationAudit(
  tx: Db,
  options: { actor: AuditActor; action: 'cancel' | 'void'; booking: BookingRow; quote: CancellationQuote },
): Promise<void> {
  const { booking, quote, action } = options;
  await recordAudit(tx, {
    brandId: booking.brandId,
    actor: options.actor,
    action: `booking.${action}`,
    entityType: 'booking',
    entityId: booking.pnr,
    before: { status: booking.status },
    after: {
      status: quote.refund > 0 ? 'refunded' : 'cancelled',
      [action === 'void' ? 'voidFee' : 'cancellationFee']: quote.cancellationFee,
      refund: quote.refund,
      currency: quote.currency,
    },
  });
}

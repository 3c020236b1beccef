import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paymentAttempts, refunds } from '../../../db/schema/index';
import type { BookingRow } from '../../booking-records/find-booking';
import { issueCreditNote } from '../../finance/issue-credit-note';
import { reverseMasterCommission } from '../../sub-agents/reverse-master-commission';
import { postWalletEntry } from '../../wallet/post-wallet-entry';

/**
 * Gives `amount` of a paid booking back, in the caller's transaction: a wallet payment is credited
 * to the wallet at once (`refund_credit`, in the ledger by its trigger); a gateway payment gets a
 * refund record, `automatic` ones made through the gateway's refund API by the
 * `payments.refund-excess` job (an operator pays back the others from the merchant panel). A
 * credit note follows when the booking was invoiced (unless `creditNote` is false). `part` tells
 * refunds of one payment apart (`booking`, `passengers:<ids>`, `void`). A sub-agent's booking
 * takes the master's commission back in the same share (reverseMasterCommission; a void, all of it).
 */
export async function refundBookingPayment(
  tx: Db,
  booking: Pick<BookingRow, 'id' | 'pnr' | 'userId' | 'currency' | 'paidWith'>,
  options: { amount: number; reason: string; automatic?: boolean; part?: string; creditNote?: boolean },
): Promise<void> {
  const { amount, reason } = options;
  if (booking.paidWith === 'wallet') {
    await postWalletEntry(tx, {
      userId: booking.userId,
      kind: 'refund_credit',
      amount,
      currency: booking.currency,
      bookingId: booking.id,
      note: `Refund of booking ${booking.pnr}`,
    });
  }
  const [attempt] = await tx
    .select({ reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, booking.id), eq(paymentAttempts.status, 'paid')));
  await tx.insert(refunds).values({
    bookingId: booking.id,
    method: booking.paidWith ?? 'wallet',
    amount,
    currency: booking.currency,
    // A wallet credit is made at once; a gateway refund is made by the job or from the merchant panel.
    status: booking.paidWith === 'wallet' ? 'completed' : 'pending',
    automatic: booking.paidWith !== 'wallet' && options.automatic === true,
    paymentReference: attempt?.reference ?? null,
    reason: `${reason}: refund of booking ${booking.pnr}`,
    part: options.part ?? 'booking',
  });
  await reverseMasterCommission(tx, booking.id, { whole: options.part === 'void' });
  if (options.creditNote !== false) await issueCreditNote(tx, { bookingId: booking.id, amount, reason });
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLegs, tickets } from '../../db/schema/index';
import { AppError } from '../../errors';
import { supplierById } from '../suppliers/configured-suppliers';
import { type Actor, changeBookingStatus } from './change-booking-status';
import {
  type BookingRow,
  type BookingScope,
  type FullBooking,
  findBooking,
  findFullBooking,
  loadBookingDetails,
} from './find-booking';
import { type CancellationQuote, quoteCancellation } from './quote-cancellation';
import {
  quotedBySupplier,
  quoteSupplierCancellation,
  refundOf,
  type SupplierCancellationQuote,
} from './quote-supplier-cancellation';
import { refundBookingPayment } from './refund-booking-payment';
import { withRetryOnConflict } from './retry-on-conflict';

export interface CancelBookingOptions {
  /** Whose booking: the booker's own (`userId`) or any of a brand's (`brandId`, its admins). */
  scope: BookingScope;
  pnr: string;
  /** false: only quote; true: cancel and refund as quoted. */
  confirm: boolean;
  /** Who cancels: the booker, or an admin on the traveller's behalf (recorded in the history). */
  by: Actor;
  /** Why the money goes back, as the refund record says. */
  reason?: string;
  /** What cancelling costs, when not the fare rules' (a disrupted flight's full refund without fee). */
  quoteWith?: (full: FullBooking) => CancellationQuote;
  /** Runs in the cancelling transaction once it has cancelled (e.g. the admin's audit entry). */
  afterCancel?: (tx: Db, booking: BookingRow, quote: CancellationQuote) => Promise<void>;
}

/**
 * Quotes, or (confirmed) cancels a booking in one transaction: seats released with each supplier,
 * tickets refunded (or voided when nothing comes back), the refund credited to the wallet or
 * recorded for the gateway, status `refunded` (money back) or `cancelled`. A paid booking an
 * outside supplier ordered is quoted and refunded by that supplier's order cancellation
 * (quoteSupplierCancellation), confirmed only when the booker confirms.
 */
export async function cancelBooking(
  db: Db,
  options: CancelBookingOptions,
): Promise<{ quote: CancellationQuote; bookingId: string | null }> {
  if (!options.confirm) {
    const booking = await findBooking(db, { ...options.scope, pnr: options.pnr });
    const full = await loadBookingDetails(db, booking);
    const quote =
      !options.quoteWith && quotedBySupplier(full)
        ? await quoteSupplierCancellation(db, full)
        : (options.quoteWith ?? quoteCancellation)(full);
    if (quote.refusal)
      throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
    return { quote: withoutCancellations(quote), bookingId: null };
  }
  const reason = options.reason ?? 'Cancelled by the booker';
  // An outside supplier's quote is asked for before the transaction (its calls are slow), and
  // confirmed inside it once the booking is locked and still as quoted.
  const before = await findFullBooking(db, { ...options.scope, pnr: options.pnr });
  const supplierQuote =
    !options.quoteWith && quotedBySupplier(before) ? await quoteSupplierCancellation(db, before) : null;
  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate: true });
      const full = await loadBookingDetails(tx, booking);
      let quote: CancellationQuote;
      if (supplierQuote) {
        if (booking.status !== before.booking.status)
          throw new AppError('CANCELLATION_NOT_ALLOWED', `This booking is now ${booking.status}.`);
        if (supplierQuote.refusal)
          throw new AppError('CANCELLATION_NOT_ALLOWED', supplierQuote.refusal, undefined, {
            rule: supplierQuote.rule,
          });
        const confirmed: SupplierCancellationQuote['cancellations'] = [];
        for (const { supplier, cancellation } of supplierQuote.cancellations) {
          const confirm = supplierById(supplier)?.confirmCancellation;
          if (!confirm) throw new AppError('SUPPLIER_UNAVAILABLE', undefined, undefined, { supplier });
          confirmed.push({ supplier, cancellation: await confirm(tx, { cancellationId: cancellation.id }) });
        }
        // The refund is what the supplier confirmed it gives back.
        quote = await refundOf(tx, full, confirmed);
      } else {
        quote = (options.quoteWith ?? quoteCancellation)(full);
      }
      if (quote.refusal)
        throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
      const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, booking.id));
      if (!supplierQuote)
        for (const leg of legs) {
          const supplier = supplierById(leg.supplier);
          await supplier?.cancel(tx, { locator: leg.locator, orderId: leg.supplierOrderId });
        }
      if (quote.refund > 0) await refundBookingPayment(tx, booking, { amount: quote.refund, reason });
      await tx
        .update(tickets)
        .set({ status: quote.refund > 0 ? 'refunded' : 'void' })
        .where(and(eq(tickets.bookingId, booking.id), eq(tickets.status, 'open')));
      await changeBookingStatus(tx, {
        bookingId: booking.id,
        from: ['held', 'paid', 'ticketed'],
        to: quote.refund > 0 ? 'refunded' : 'cancelled',
        by: options.by,
        note:
          quote.paid > 0 ? `Fee ${quote.cancellationFee}, refund ${quote.refund} ${quote.currency}` : null,
        set: { expiresAt: null },
      });
      await options.afterCancel?.(tx, booking, quote);
      return { quote, bookingId: booking.id };
    }),
  );
}

/** A quote as the API shows it: the supplier's cancellation ids stay inside. */
function withoutCancellations(quote: CancellationQuote | SupplierCancellationQuote): CancellationQuote {
  if (!('cancellations' in quote)) return quote;
  const { cancellations: _, ...rest } = quote;
  return rest;
}

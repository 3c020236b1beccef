import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLegs, paymentAttempts, refunds, tickets } from '../../db/schema/index';
import { AppError } from '../../errors';
import { issueCreditNote } from '../finance/issue-credit-note';
import { configuredSuppliers } from '../suppliers/configured-suppliers';
import { postWalletEntry } from '../wallet/post-wallet-entry';
import { type Actor, changeBookingStatus, recordBookingEvent } from './change-booking-status';
import { chooseCancelledPassengers } from './choose-cancelled-passengers';
import {
  type BookingRow,
  type BookingScope,
  type FullBooking,
  findBooking,
  loadBookingDetails,
} from './find-booking';
import { type CancellationQuote, quoteCancellation } from './quote-cancellation';
import { withRetryOnConflict } from './retry-on-conflict';

export interface CancelBookingOptions {
  /** Whose booking: the booker's own (`userId`) or any of a brand's (`brandId`, its admins). */
  scope: BookingScope;
  pnr: string;
  /** false: only quote; true: cancel and refund as quoted. */
  confirm: boolean;
  /**
   * Only these passengers (ids) of a ticketed booking, with their lap infants (issue 20 §4); the
   * booking stays `ticketed` with their tickets `refunded`. Omitted: the whole booking.
   */
  passengers?: string[];
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
 * recorded for the gateway, status `refunded` (money back) or `cancelled`.
 */
export async function cancelBooking(
  db: Db,
  options: CancelBookingOptions,
): Promise<{ quote: CancellationQuote; bookingId: string | null }> {
  if (options.passengers) return cancelPassengers(db, { ...options, passengers: options.passengers });
  if (!options.confirm) {
    const booking = await findBooking(db, { ...options.scope, pnr: options.pnr });
    const quote = (options.quoteWith ?? quoteCancellation)(await loadBookingDetails(db, booking));
    if (quote.refusal)
      throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
    return { quote, bookingId: null };
  }
  const reason = options.reason ?? 'Cancelled by the booker';
  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate: true });
      const full = await loadBookingDetails(tx, booking);
      const quote = (options.quoteWith ?? quoteCancellation)(full);
      if (quote.refusal)
        throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
      const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, booking.id));
      for (const leg of legs) {
        const supplier = configuredSuppliers().find((s) => s.id === leg.supplier);
        await supplier?.cancel(tx, { locator: leg.locator });
      }
      if (quote.refund > 0) await refund(tx, booking, quote.refund, reason);
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

/**
 * Some passengers of a ticketed booking (issue 20 §4): quoted under the fare conditions for their
 * tickets only; confirmed, their part is refunded (wallet or gateway, with a credit note citing the
 * invoice), their tickets become `refunded` (`void` when nothing comes back) and the booking stays
 * `ticketed` with a history entry naming them. Choosing everyone still on the booking cancels it
 * whole. The supplier's seats are not released in part (the Supplier interface cancels a whole
 * hold): the house inventory keeps those seats sold.
 */
async function cancelPassengers(
  db: Db,
  options: CancelBookingOptions & { passengers: string[] },
): Promise<{ quote: CancellationQuote; bookingId: string | null }> {
  const quoteFor = async (tx: Db, forUpdate: boolean) => {
    const booking = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate });
    const full = await loadBookingDetails(tx, booking);
    if (booking.status !== 'ticketed') {
      throw new AppError(
        'CANCELLATION_NOT_ALLOWED',
        `This booking is ${booking.status}: only a ticketed booking can be cancelled for some passengers.`,
      );
    }
    const part = chooseCancelledPassengers(full, options.passengers);
    const quote = quoteCancellation(full, Date.now(), part.passengerIds);
    if (quote.refusal)
      throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
    const names = full.passengers
      .filter((p) => part.passengerIds.includes(p.id))
      .map((p) => `${p.firstName} ${p.lastName}`)
      .join(', ');
    return { booking, part, quote, names };
  };
  if (!options.confirm) return { quote: (await quoteFor(db, false)).quote, bookingId: null };
  const { part } = await quoteFor(db, false);
  if (part.whole) {
    return cancelBooking(db, { ...options, passengers: undefined });
  }
  const reason = options.reason ?? 'Cancelled by the booker';
  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const { booking, part, quote, names } = await quoteFor(tx, true);
      if (part.whole) throw new AppError('CONFLICT', 'The booking changed meanwhile: ask for a new quote.');
      if (quote.refund > 0) {
        await refund(tx, booking, quote.refund, `${reason} (${names})`, {
          part: `passengers:${[...part.passengerIds].sort().join(',')}`,
        });
      }
      await tx
        .update(tickets)
        .set({ status: quote.refund > 0 ? 'refunded' : 'void' })
        .where(
          and(
            eq(tickets.bookingId, booking.id),
            inArray(tickets.passengerId, part.passengerIds),
            eq(tickets.status, 'open'),
          ),
        );
      await recordBookingEvent(
        tx,
        booking.id,
        'ticketed',
        options.by,
        `Cancelled for ${names}: fee ${quote.cancellationFee}, refund ${quote.refund} ${quote.currency}`,
      );
      await options.afterCancel?.(tx, booking, quote);
      return { quote, bookingId: booking.id };
    }),
  );
}

/**
 * Pays `amount` back for a booking (or a part of it): a wallet credit at once, or a gateway refund
 * recorded for the operator; then (unless `creditNote` is false) a credit note for it citing the
 * invoice. `part` tells refunds of one payment apart (`booking`, `passengers:<ids>`, `void`).
 */
export async function refund(
  tx: Db,
  booking: BookingRow,
  amount: number,
  reason: string,
  options: { part?: string; creditNote?: boolean } = {},
): Promise<void> {
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
    // A wallet credit is made at once; a gateway refund is made from the merchant panel.
    status: booking.paidWith === 'wallet' ? 'completed' : 'pending',
    paymentReference: attempt?.reference ?? null,
    reason: `${reason}: refund of booking ${booking.pnr}`,
    part: options.part ?? 'booking',
  });
  if (options.creditNote !== false) await issueCreditNote(tx, { bookingId: booking.id, amount, reason });
}

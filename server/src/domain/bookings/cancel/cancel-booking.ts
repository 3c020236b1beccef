import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookingChangePayments, tickets } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import {
  type Actor,
  changeBookingStatus,
  recordBookingEvent,
} from '../../booking-records/change-booking-status';
import {
  type BookingRow,
  type BookingScope,
  type FullBooking,
  findBooking,
  findFullBooking,
  loadBookingDetails,
} from '../../booking-records/find-booking';
import { findOpenDisruption, type OpenDisruption } from '../../booking-records/find-open-disruption';
import { moneyText } from '../../booking-records/money-text';
import { releaseSupplierLegs } from '../../booking-records/release-supplier-legs';
import { resolveDisruption } from '../../booking-records/resolve-disruption';
import { withRetryOnConflict } from '../../booking-records/retry-on-conflict';
import { supplierById } from '../../suppliers/configured-suppliers';
import { cancelledPassengerIds, chooseCancelledPassengers } from '../refund/choose-cancelled-passengers';
import { type CancellationQuote, quoteCancellation } from '../refund/quote-cancellation';
import { quoteFullRefund } from '../refund/quote-full-refund';
import {
  quotedBySupplier,
  quoteSupplierCancellation,
  refundOf,
  type SupplierCancellationQuote,
} from '../refund/quote-supplier-cancellation';
import { recordCancellationAudit } from '../refund/record-cancellation-audit';
import { recordPassengerRefunds, refundPartsOf } from '../refund/record-passenger-refunds';
import { refundBookingPayment } from '../refund/refund-booking-payment';

export interface CancelBookingOptions {
  /** Whose booking: the booker's own (`userId`) or any of a brand's (`brandId`, its admins). */
  scope: BookingScope;
  pnr: string;
  /** false: only quote; true: cancel and refund as quoted. */
  confirm: boolean;
  /**
   * Only these passengers (ids) of a ticketed booking, with their lap infants
   * (docs/bookings.md#partial-cancellation); the booking stays `ticketed` with their tickets `refunded`.
   * Omitted: the whole booking.
   */
  passengers?: string[];
  /** Who cancels: the booker, or an admin on the traveller's behalf (recorded in the history). */
  by: Actor;
  /** Why the money goes back, as the refund record says. */
  reason?: string;
  /**
   * What comes back: the fare rules' (default), or `full`: everything paid, without fee (the
   * airline changed the flight, quote-full-refund.ts).
   */
  refund?: 'fare-rules' | 'full';
  /** The booking's open disruption is answered `refunded` in the same transaction (NO_OPEN_DISRUPTION without one). */
  answersDisruption?: boolean;
  /** The agency's staff member acting for the traveller: the change is audited in its transaction. */
  audit?: AuditActor | undefined;
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
  if (options.passengers) return cancelPassengers(db, { ...options, passengers: options.passengers });
  if (!options.confirm) {
    const booking = await findBooking(db, { ...options.scope, pnr: options.pnr });
    const full = await loadBookingDetails(db, booking);
    const quote =
      options.refund !== 'full' && quotedBySupplier(full)
        ? await quoteSupplierCancellation(db, full)
        : quoteOf(options, full);
    if (quote.refusal)
      throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
    return { quote: withoutCancellations(quote), bookingId: null };
  }
  const reason = options.reason ?? `Cancelled by ${options.by.name}`;
  // An outside supplier's quote is asked for before the transaction (its calls are slow), and
  // confirmed inside it once the booking is locked and still as quoted.
  const before = await findFullBooking(db, { ...options.scope, pnr: options.pnr });
  // With a quote of its own (a disrupted flight's full refund) a paid outside order is still
  // cancelled through its supplier's order cancellation, strictly: the supplier must refund it too.
  const supplierQuote = quotedBySupplier(before) ? await quoteSupplierCancellation(db, before) : null;
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
          confirmed.push({
            supplier,
            cancellation: await confirm(tx, { cancellationId: cancellation.id, brandId: booking.brandId }),
          });
        }
        // The refund is what the supplier confirmed it gives back (or the caller's own quote).
        quote = options.refund === 'full' ? quoteFullRefund(full) : await refundOf(tx, full, confirmed);
      } else {
        quote = quoteOf(options, full);
      }
      if (quote.refusal)
        throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
      if (!supplierQuote) await releaseSupplierLegs(tx, booking);
      if (quote.refund > 0) await refundBookingPayment(tx, booking, { amount: quote.refund, reason });
      const gone = cancelledPassengerIds(full);
      const travelling = full.passengers.filter((p) => !gone.has(p.id)).map((p) => p.id);
      await recordPassengerRefunds(tx, booking.id, refundPartsOf(full, quote, travelling));
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
          quote.paid > 0
            ? `Fee ${moneyText(quote.cancellationFee, quote.currency)}, refund ${moneyText(quote.refund, quote.currency)}`
            : null,
        amounts:
          quote.paid > 0
            ? {
                kind: 'cancel',
                currency: quote.currency,
                fee: quote.cancellationFee,
                refund: quote.refund,
              }
            : null,
        ...(quote.paid > 0 ? { cancellationFee: quote.cancellationFee } : {}),
        set: { expiresAt: null },
      });
      if (options.answersDisruption) {
        const disruption = await findOpenDisruption(tx, booking.id);
        await resolveDisruption(tx, {
          bookingId: booking.id,
          disruptionId: disruption.id,
          resolution: 'refunded',
          by: options.by.name,
        });
        if (options.audit) await recordDisruptionRefundAudit(tx, options.audit, booking, quote, disruption);
      } else if (options.audit) {
        await recordCancellationAudit(tx, { actor: options.audit, action: 'cancel', booking, quote });
      }
      return { quote, bookingId: booking.id };
    }),
  );
}

/** The fare rules' quote, or everything paid back without fee. */
function quoteOf(options: Pick<CancelBookingOptions, 'refund'>, full: FullBooking): CancellationQuote {
  return options.refund === 'full' ? quoteFullRefund(full) : quoteCancellation(full);
}

/** The audit entry of a disrupted flight's refund the agency made for the traveller. */
async function recordDisruptionRefundAudit(
  tx: Db,
  actor: AuditActor,
  booking: BookingRow,
  quote: CancellationQuote,
  disruption: OpenDisruption,
): Promise<void> {
  await recordAudit(tx, {
    brandId: booking.brandId,
    actor,
    action: 'booking.disruption.refund',
    entityType: 'booking',
    entityId: booking.pnr,
    before: { status: booking.status },
    after: {
      flightId: disruption.flightId,
      resolution: 'refunded',
      refund: quote.refund,
      currency: quote.currency,
    },
  });
}

/**
 * Some passengers of a ticketed booking (docs/bookings.md#partial-cancellation): quoted under the fare
 * conditions for their tickets only; confirmed, their part is refunded (wallet or gateway, with a credit note
 * citing the invoice), their tickets become `refunded` (`void` when nothing comes back) and the booking stays
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
    if (quotedBySupplier(full)) {
      throw new AppError(
        'CANCELLATION_NOT_ALLOWED',
        'The airline issued these tickets through an outside supplier: cancel the whole booking.',
      );
    }
    const part = chooseCancelledPassengers(full, options.passengers);
    const quote = quoteCancellation(full, Date.now(), part.passengerIds);
    if (quote.refusal)
      throw new AppError('CANCELLATION_NOT_ALLOWED', quote.refusal, undefined, { rule: quote.rule });
    const nameList = full.passengers
      .filter((p) => part.passengerIds.includes(p.id))
      .map((p) => `${p.firstName} ${p.lastName}`);
    const names = `${nameList.length > 1 ? 'passengers' : 'passenger'} ${nameList.join(', ')}`;
    return { booking, full, part, quote, names, nameList };
  };
  if (!options.confirm) return { quote: (await quoteFor(db, false)).quote, bookingId: null };
  const { part } = await quoteFor(db, false);
  if (part.whole) {
    return cancelBooking(db, { ...options, passengers: undefined });
  }
  const reason = options.reason ?? `Cancelled by ${options.by.name}`;
  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const { booking, full, part, quote, names, nameList } = await quoteFor(tx, true);
      if (part.whole) throw new AppError('CONFLICT', 'The booking changed meanwhile: ask for a new quote.');
      if (quote.refund > 0) {
        await refundBookingPayment(tx, booking, {
          amount: quote.refund,
          reason: `${reason} for ${names}`,
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
      await recordPassengerRefunds(tx, booking.id, refundPartsOf(full, quote, part.passengerIds));
      await supersedePendingChanges(tx, booking.id);
      await recordBookingEvent(
        tx,
        booking.id,
        'ticketed',
        options.by,
        `${reason} for ${names}: fee ${moneyText(quote.cancellationFee, quote.currency)}, ` +
          `refund ${moneyText(quote.refund, quote.currency)}`,
        {
          kind: 'partial_cancel',
          currency: quote.currency,
          fee: quote.cancellationFee,
          refund: quote.refund,
          passengers: nameList,
        },
        quote.cancellationFee,
      );
      if (options.audit)
        await recordCancellationAudit(tx, { actor: options.audit, action: 'cancel', booking, quote });
      return { quote, bookingId: booking.id };
    }),
  );
}

/**
 * A date change waiting for its gateway payment was quoted for the passengers travelling then: once
 * some are cancelled it is `superseded` and its seats released, so a payment arriving later is a
 * refund due, never a change charging cancelled passengers (docs/bookings.md#after-sales-money).
 */
async function supersedePendingChanges(tx: Db, bookingId: string): Promise<void> {
  const superseded = await tx
    .update(bookingChangePayments)
    .set({
      status: 'superseded',
      failureReason: 'Passengers were cancelled before the change was paid.',
      updatedAt: sql`now()`,
    })
    .where(and(eq(bookingChangePayments.bookingId, bookingId), eq(bookingChangePayments.status, 'pending')))
    .returning({ toLocator: bookingChangePayments.toLocator });
  const house = supplierById('house');
  for (const { toLocator } of superseded) await house?.cancel(tx, { locator: toLocator });
}

/** A quote as the API shows it: the supplier's cancellation ids stay inside. */
function withoutCancellations(quote: CancellationQuote | SupplierCancellationQuote): CancellationQuote {
  if (!('cancellations' in quote)) return quote;
  const { cancellations: _, ...rest } = quote;
  return rest;
}

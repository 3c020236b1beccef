import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { refuseStaffBookingBeneficiary } from '../../admin/refuse-staff-beneficiary';
import type { AuditActor } from '../../audit/record-audit';
import type { Actor } from '../../booking-records/change-booking-status';
import { changeBookingStatus } from '../../booking-records/change-booking-status';
import {
  type BookingScope,
  type FullBooking,
  findBooking,
  loadBookingDetails,
} from '../../booking-records/find-booking';
import { moneyText } from '../../booking-records/money-text';
import { releaseSupplierLegs } from '../../booking-records/release-supplier-legs';
import { withRetryOnConflict } from '../../booking-records/retry-on-conflict';
import { voidFeeOf } from '../../finance/brand-finance-settings';
import { issueCreditNote } from '../../finance/issue-credit-note';
import { reverseMasterCommission } from '../../sub-agents/reverse-master-commission';
import { kathmanduLocal } from '../../wallet/kathmandu-dates';
import type { CancellationQuote } from '../refund/quote-cancellation';
import { quotedBySupplier } from '../refund/quote-supplier-cancellation';
import { recordCancellationAudit } from '../refund/record-cancellation-audit';
import { recordPassengerRefunds, refundPartsOf } from '../refund/record-passenger-refunds';
import { refundBookingPayment } from '../refund/refund-booking-payment';

/** Tickets can be voided until this Nepal time on the day they were issued. */
export const VOID_CLOSES_AT = '23:00';

export interface VoidBookingOptions {
  scope: BookingScope;
  pnr: string;
  /** false: only quote; true: void and refund as quoted. */
  confirm: boolean;
  by: Actor;
  reason?: string;
  /** The clock (tests fix it); default now. */
  now?: Date;
  /** The agency's staff member acting for the traveller: the change is audited in its transaction. */
  audit?: AuditActor | undefined;
}

/**
 * Voids a ticketed booking on the day its tickets were issued (docs/bookings.md#void): until 23:00
 * Asia/Kathmandu that day, the whole of what was paid comes back less the brand's void fee
 * (`brand_finance_settings`, 0 unless set). Confirmed, in one transaction: the suppliers' seats
 * released, the refund to the wallet or recorded for the gateway, every ticket `void`, a credit note
 * reversing the whole invoice marked `voids_invoice` (the sales register then lists the invoice and
 * the note at zero, with a note), the booking `refunded` (`cancelled` when the fee keeps it all).
 * 409 VOID_WINDOW_CLOSED after 23:00 or on a later day; 409 VOID_NOT_ALLOWED when the booking is
 * not ticketed or part of it was already cancelled. Staff (`audit`) never void their own booking or
 * another staff member's: 403 STAFF_OWN_ACCOUNT.
 */
export async function voidBooking(
  db: Db,
  options: VoidBookingOptions,
): Promise<{ quote: CancellationQuote; bookingId: string | null }> {
  const now = options.now ?? new Date();
  if (!options.confirm) {
    const full = await loadBookingDetails(db, await findBooking(db, { ...options.scope, pnr: options.pnr }));
    return { quote: await quoteVoid(db, full, now), bookingId: null };
  }
  const reason = options.reason ?? 'Voided by the booker';
  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate: true });
      if (options.audit) await refuseStaffBookingBeneficiary(tx, options.audit, booking.userId);
      const full = await loadBookingDetails(tx, booking);
      const quote = await quoteVoid(tx, full, now);
      await releaseSupplierLegs(tx, booking);
      if (quote.refund > 0) {
        await refundBookingPayment(tx, booking, {
          amount: quote.refund,
          reason,
          part: 'void',
          creditNote: false,
        });
      } else {
        // Nothing comes back (the void fee keeps it all), yet the sale is undone.
        await reverseMasterCommission(tx, booking.id, { whole: true });
      }
      await issueCreditNote(tx, {
        bookingId: booking.id,
        amount: quote.paid,
        reason: `${reason}: tickets voided on the day of issue`,
        voidsInvoice: true,
      });
      await recordPassengerRefunds(
        tx,
        booking.id,
        refundPartsOf(
          full,
          quote,
          full.passengers.map((p) => p.id),
        ),
      );
      await tx
        .update(tickets)
        .set({ status: 'void' })
        .where(and(eq(tickets.bookingId, booking.id), eq(tickets.status, 'open')));
      await changeBookingStatus(tx, {
        bookingId: booking.id,
        from: ['ticketed'],
        to: quote.refund > 0 ? 'refunded' : 'cancelled',
        by: options.by,
        note:
          `Voided on the day of issue: void fee ${moneyText(quote.cancellationFee, quote.currency)}, ` +
          `refund ${moneyText(quote.refund, quote.currency)}`,
        amounts: { kind: 'void', currency: quote.currency, fee: quote.cancellationFee, refund: quote.refund },
        cancellationFee: quote.cancellationFee,
      });
      if (options.audit)
        await recordCancellationAudit(tx, { actor: options.audit, action: 'void', booking, quote });
      return { quote, bookingId: booking.id };
    }),
  );
}

/** What voiding gives back now, or the refusal (409) when it cannot be voided. */
async function quoteVoid(db: Db, full: FullBooking, now: Date): Promise<CancellationQuote> {
  const { booking } = full;
  if (booking.status !== 'ticketed' || full.tickets.length === 0) {
    throw new AppError(
      'VOID_NOT_ALLOWED',
      `This booking is ${booking.status}: only a ticketed booking can be voided.`,
    );
  }
  if (quotedBySupplier(full)) {
    throw new AppError(
      'VOID_NOT_ALLOWED',
      'The airline issued these tickets through an outside supplier: cancel the booking under its conditions instead.',
    );
  }
  if (full.tickets.some((t) => t.status !== 'open')) {
    throw new AppError(
      'VOID_NOT_ALLOWED',
      'Some of these tickets were already cancelled: the rest can be cancelled under the fare conditions.',
    );
  }
  const issuedAt = new Date(Math.min(...full.tickets.map((t) => t.createdAt.getTime())));
  const issueDay = kathmanduLocal(issuedAt).date;
  const voidUntil = new Date(`${issueDay}T${VOID_CLOSES_AT}:00+05:45`);
  const today = kathmanduLocal(now);
  if (today.date !== issueDay || now.getTime() >= voidUntil.getTime()) {
    throw new AppError(
      'VOID_WINDOW_CLOSED',
      `These tickets were issued on ${issueDay}: they could be voided until ${VOID_CLOSES_AT} Nepal time that day. Cancel them under the fare conditions instead.`,
      undefined,
      { issued_on: issueDay, void_until: voidUntil.toISOString() },
    );
  }
  const paid = booking.amountDue;
  const fee = Math.min(await voidFeeOf(db, booking.brandId, booking.currency), paid);
  return {
    currency: booking.currency,
    paid,
    cancellationFee: fee,
    refund: paid - fee,
    rule: `Tickets issued today can be voided until ${VOID_CLOSES_AT} Nepal time for a full refund${fee > 0 ? ' less the void fee' : ''}.`,
    passengerIds: full.passengers.map((p) => p.id),
    voidUntil,
  };
}

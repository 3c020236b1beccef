import { and, eq, sql } from 'drizzle-orm';
import { API_BASE_PATH } from '#shared/constants';
import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../../db/client';
import { bookingChangePayments, type GatewayName } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import type { PaymentAction, PaymentGateway } from '../../../payments/gateway';
import type { Actor } from '../../booking-records/change-booking-status';
import { type BookingScope, findBooking, loadBookingDetails } from '../../booking-records/find-booking';
import { withRetryOnConflict } from '../../booking-records/retry-on-conflict';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { supplierOffer } from '../../markups/apply-markups';
import { startPayment } from '../../payments/start-payment';
import { supplierById } from '../../suppliers/configured-suppliers';
import { returnUrl } from '../pay/start-booking-payment';
import { openTicketsOfLeg, segmentFaresOf } from './apply-booking-change';
import { type BookingChangeQuote, quoteBookingChange } from './quote-booking-change';

/** The gateway a traveller pays a change through, with its brand's site and mode. */
export interface ChangeGateway {
  gateway: PaymentGateway;
  /** The booking's brand's site: the gateway sends the payer back there (start-booking-payment.ts). */
  siteUrl: string;
  testMode: boolean;
}

export interface StartChangePaymentOptions extends ChangeGateway {
  scope: BookingScope;
  pnr: string;
  legIndex: number;
  engine: EngineOffer;
  presented: FlightOffer;
  /** The quote the traveller confirmed: PRICE_CHANGED when the locked booking quotes otherwise. */
  quote: BookingChangeQuote;
  by: Actor;
  holdMinutes: number;
  now: number;
}

/**
 * A traveller confirms a date change with something to pay through a gateway (docs/bookings.md
 * "Paying a change through a gateway"). Under the booking's lock, quoted again: the new seats
 * held for `holdMinutes`, the change recorded as pending (`booking_change_payments`, any earlier
 * unpaid one of the booking `superseded` and its seats released), then a payment attempt for
 * exactly the amount due whose order is that pending change. Nothing about the booking changes
 * until the gateway's answer is verified (settle-change-payment.ts). A gateway that cannot be
 * reached leaves the pending change `failed` and its seats released.
 */
export async function startChangePayment(
  db: Db,
  options: StartChangePaymentOptions,
): Promise<{ pendingId: string; action: PaymentAction }> {
  const pending = await withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate: true });
      const current = await loadBookingDetails(tx, locked);
      const charged = quoteBookingChange(current, options.legIndex, options.presented, options.now);
      if (charged.amountDue !== options.quote.amountDue) throw new AppError('PRICE_CHANGED');
      const leg = current.legs.find((l) => l.position === options.legIndex);
      const supplier = leg ? supplierById(leg.supplier) : undefined;
      if (!leg || !supplier) throw new AppError('CHANGE_NOT_SUPPORTED');
      openTicketsOfLeg(current, leg);
      const earlier = await tx
        .update(bookingChangePayments)
        .set({
          status: 'superseded',
          failureReason: 'Another change of the booking was started.',
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(bookingChangePayments.bookingId, locked.id), eq(bookingChangePayments.status, 'pending')),
        )
        .returning({ toLocator: bookingChangePayments.toLocator });
      for (const { toLocator } of earlier) await supplier.cancel(tx, { locator: toLocator });
      const expiresAt = new Date(options.now + options.holdMinutes * 60_000);
      const [outcome] = await supplier.holdMany(tx, [{ offers: [supplierOffer(options.engine)], expiresAt }]);
      const hold = outcome && 'holds' in outcome ? outcome.holds[0] : undefined;
      if (!hold) throw new AppError('SOLD_OUT', undefined, undefined, { offer_id: options.engine.id });
      const [row] = await tx
        .insert(bookingChangePayments)
        .values({
          bookingId: locked.id,
          legPosition: leg.position,
          fromLocator: leg.locator,
          toLocator: hold.locator,
          toOffer: options.presented,
          toSegmentFares: segmentFaresOf(options.engine),
          gateway: options.gateway.name as GatewayName,
          currency: charged.currency,
          fareDifference: charged.fareDifference,
          changeFee: charged.changeFee,
          changeFeeVat: charged.changeFeeVat,
          international: charged.international,
          amount: charged.amountDue,
          byUserId: options.by.userId ?? null,
          expiresAt,
        })
        .returning();
      if (!row) throw new Error('the pending change was not written');
      return { ...row, pnr: locked.pnr };
    }),
  );
  const returnBase = `${options.siteUrl}${API_BASE_PATH}/payments`;
  try {
    const { action } = await startPayment(db, {
      gateway: options.gateway,
      orderId: pending.id,
      orderName: `Date change ${pending.pnr}`,
      amountPaisa: pending.amount,
      currency: pending.currency,
      testMode: options.testMode,
      callbackUrls: (reference) => ({
        successUrl: returnUrl(returnBase, options.gateway.name, reference, 'success'),
        failureUrl: returnUrl(returnBase, options.gateway.name, reference, 'failure'),
      }),
      websiteUrl: options.siteUrl,
    });
    return { pendingId: pending.id, action };
  } catch (error) {
    await releasePendingChange(db, pending.id, `The payment could not be started: ${String(error)}`);
    throw error;
  }
}

/**
 * A pending change that will not be applied (its payment failed or was cancelled, or could not
 * start): `failed`, and its held seats released. Only a `pending` one; answers whether it was.
 */
export async function releasePendingChange(db: Db, pendingId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(bookingChangePayments)
      .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
      .where(and(eq(bookingChangePayments.id, pendingId), eq(bookingChangePayments.status, 'pending')))
      .returning({ toLocator: bookingChangePayments.toLocator });
    if (!released) return false;
    const house = supplierById('house');
    await house?.cancel(tx, { locator: released.toLocator });
    return true;
  });
}

import type { FlightOffer } from '#shared/flights';
import { isAgentUserType } from '#shared/user-types';
import type { Db } from '../../../db/client';
import type { GatewayName } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import type { PaymentAction } from '../../../payments/gateway';
import type { AccountUser } from '../../accounts/find-user';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../booking-records/change-booking-status';
import {
  type BookingRow,
  type BookingScope,
  type FullBooking,
  findBooking,
  loadBookingDetails,
} from '../../booking-records/find-booking';
import { nameOf } from '../../booking-records/name-of';
import { withRetryOnConflict } from '../../booking-records/retry-on-conflict';
import { agentPricingFor } from '../../commissions/agent-pricing';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { decodeOfferId } from '../../flight-engine/offer-id';
import { supplierOffer } from '../../markups/apply-markups';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { checkAvailability } from '../../search/check-availability';
import { offerAsSold } from '../../search/offer-as-sold';
import { supplierById } from '../../suppliers/configured-suppliers';
import { type IssuedOrder, SupplierChangeUnverified } from '../../suppliers/supplier';
import { postWalletEntry } from '../../wallet/post-wallet-entry';
import type { TicketLinks } from '../issue/queue-ticket-email';
import { changeGatewaysFor } from '../pay/payment-methods-for';
import {
  type ApplyBookingChangeOptions,
  applyBookingChange,
  openTicketsOfLeg,
  segmentFaresOf,
} from './apply-booking-change';
import { type BookingChangeQuote, quoteBookingChange } from './quote-booking-change';
import { type ChangeGateway, startChangePayment } from './start-change-payment';
import {
  confirmSupplierChange,
  keepOrderPassengers,
  quoteSupplierChange,
  supplierPassengerIds,
  supplierTicketNumbers,
} from './supplier-change';
import { recordUnverifiedChange } from './verify-supplier-changes';

export interface ChangeBookingDateOptions {
  /** The booker (an agent pays from their wallet): the new fare is priced for them. */
  user: AccountUser;
  /** Whose bookings the PNR is looked up among: default the booker's own; the console's brand. */
  scope?: BookingScope;
  /** Who changes it (history, `booking_changes.by_user_id`): default the booker. */
  by?: Actor;
  /**
   * The agency changes it for a traveller (no wallet): an amount due is recorded as collected by the
   * agency (`paid_with: 'agency'`) instead of refused with CHANGE_PAYMENT_UNAVAILABLE.
   */
  agencyCollects?: boolean;
  /** The agency's staff member acting for the traveller: the change is audited in its transaction. */
  audit?: AuditActor | undefined;
  pnr: string;
  legIndex: number;
  offerId: string;
  /** The new offer's total as the booker saw it (PRICE_CHANGED when it differs). */
  total?: number | undefined;
  /** false: quote only; true: pay and reissue. */
  confirm: boolean;
  /**
   * How long the new seats' hold lasts before it is issued in the same transaction, or (paid
   * through a gateway) while the traveller pays (minutes).
   */
  holdMinutes: number;
  /** The brand takes gateway payments: a traveller may pay a change through one (`method`). */
  hasPayment?: boolean;
  /** Confirmed by a traveller with this gateway: the change waits for its payment. */
  method?: GatewayName | undefined;
  /** The booking's brand's account of that gateway, and where it returns the payer. */
  gatewayFor?: (booking: BookingRow, method: GatewayName) => Promise<ChangeGateway>;
  links: TicketLinks;
  /** Asked for the e-mail delivery after the commit of a change made. */
  jobs: OutboxJobs;
  now?: number;
}

/**
 * How an amount due is paid: the agent's wallet, collected by the agency (console), a traveller's
 * gateway payment, or nothing due.
 */
export type ChangePayment = 'wallet' | 'agency' | 'gateway' | 'none';

export interface ChangeBookingDateResult {
  quote: BookingChangeQuote;
  /** Whether a wallet pays (an amount is due), the agency collected it, or nothing is charged. */
  payment: ChangePayment;
  /** The gateways the booker may pay the amount due with (a traveller's, NPR, the brand taking them). */
  paymentMethods: GatewayName[];
  /** Set once confirmed (null while a gateway payment is awaited). */
  bookingId: string | null;
  invoiceNumber: string | null;
  /** Confirmed with a gateway: what the browser does next. */
  paymentAction?: PaymentAction;
}

/**
 * Quotes, or (confirmed) makes, a date change of one leg of a ticketed booking (docs/bookings.md
 * "Date change and reissue"). The new offer is priced now for the booker; the quote is the change
 * fee of the old fare's conditions plus the fare difference (quote-booking-change.ts). Confirmed,
 * in ONE transaction under the booking's lock: the amount debited from the agent's wallet
 * (`change_debit`, within the credit limit: INSUFFICIENT_FUNDS / CREDIT_LIMIT_EXCEEDED and nothing
 * written), the new seats held and sold (SOLD_OUT), the old seats released, the leg rewritten, the
 * leg's open tickets `exchanged` and new numbers issued citing them (`reissued_from`), the change
 * recorded (`booking_changes`) with its tax invoice, a history event and the new e-ticket e-mail.
 * Something to pay and no wallet (a traveller): 409 CHANGE_PAYMENT_UNAVAILABLE, unless the agency
 * changes it in the console (`agencyCollects`): then the amount is recorded as collected by the
 * agency, with the same invoice; or the traveller confirms with a gateway `method`: the seats are
 * held and a payment started (start-change-payment.ts), the change made once it is verified
 * (settle-payment/apply-paid-change.ts). A method the booker cannot use: 400 PAYMENT_METHOD_UNAVAILABLE.
 */
export async function changeBookingDate(
  db: Db,
  options: ChangeBookingDateOptions,
): Promise<ChangeBookingDateResult> {
  const now = options.now ?? Date.now();
  const scope = options.scope ?? { userId: options.user.id };
  const booking = await findBooking(db, { ...scope, pnr: options.pnr });
  const full = await loadBookingDetails(db, booking);
  const { engine, presented } = await priceNewOffer(db, full, options, now);
  const outside = await quoteSupplierChange(db, full, options.legIndex, presented, now);
  const quote = quoteBookingChange(full, options.legIndex, presented, now, outside?.price);
  const wallet = isAgentUserType(options.user.type);
  // An outside supplier's change is confirmed with it at once, under the wallet's debit: a
  // gateway's payment comes back too late to confirm the supplier's change offer with it.
  const paymentMethods =
    options.agencyCollects || quote.amountDue <= 0 || outside
      ? []
      : changeGatewaysFor({
          user: options.user,
          hasPayment: options.hasPayment ?? false,
          currency: quote.currency,
        });
  const payment: ChangePayment =
    quote.amountDue <= 0
      ? 'none'
      : !wallet && options.agencyCollects
        ? 'agency'
        : paymentMethods.length > 0
          ? 'gateway'
          : 'wallet';
  const answer = { quote, payment, paymentMethods, bookingId: null, invoiceNumber: null };
  if (!options.confirm) return answer;
  const by = options.by ?? { name: nameOf(options.user), userId: options.user.id };
  if (options.method && payment !== 'none' && !paymentMethods.includes(options.method)) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      wallet
        ? 'Agents pay a date change from their wallet.'
        : `${options.method} is not available for this change.`,
      undefined,
      { methods: paymentMethods },
    );
  }
  if (payment === 'gateway' && options.method && options.gatewayFor) {
    const started = await startChangePayment(db, {
      ...(await options.gatewayFor(booking, options.method)),
      scope,
      pnr: options.pnr,
      legIndex: options.legIndex,
      engine,
      presented,
      quote,
      by,
      holdMinutes: options.holdMinutes,
      now,
    });
    return { ...answer, paymentAction: started.action };
  }
  if (payment === 'gateway' || (payment === 'wallet' && !wallet)) {
    const choose =
      payment === 'gateway'
        ? `Choose how to pay the ${quote.amountDue} ${quote.currency} due for the change: ${paymentMethods.join(', ')}.`
        : undefined;
    throw new AppError('CHANGE_PAYMENT_UNAVAILABLE', choose, undefined, {
      amount_due: quote.amountDue,
      currency: quote.currency,
      payment_methods: paymentMethods,
    });
  }
  const done = await withRetryOnConflict(() =>
    db.transaction(
      async (tx): Promise<ChangeBookingDateResult | { unverified: SupplierChangeUnverified }> => {
        const locked = await findBooking(tx, { ...scope, pnr: options.pnr, forUpdate: true });
        const current = await loadBookingDetails(tx, locked);
        // Quoted again under the lock: a change or cancel that won the race is seen here.
        const charged = quoteBookingChange(current, options.legIndex, presented, now, outside?.price);
        if (charged.amountDue !== quote.amountDue) throw new AppError('PRICE_CHANGED');
        const leg = current.legs.find((l) => l.position === options.legIndex);
        const supplier = leg ? supplierById(leg.supplier) : undefined;
        if (!leg || !supplier) throw new AppError('CHANGE_NOT_SUPPORTED');
        const { open } = openTicketsOfLeg(current, leg);
        if (charged.amountDue > 0 && payment === 'wallet') {
          await postWalletEntry(tx, {
            userId: options.user.id,
            kind: 'change_debit',
            amount: -charged.amountDue,
            currency: charged.currency,
            bookingId: locked.id,
            note: `Date change of booking ${locked.pnr}: ${charged.fromFlights.join(', ')} → ${charged.toFlights.join(', ')}`,
          });
        }
        let holdLocator: string | undefined;
        let supplierOrder: ApplyBookingChangeOptions['supplierOrder'];
        let soldOffer = presented;
        if (outside) {
          // The supplier's order keeps its id; a refusal here rolls the wallet debit back, and so does
          // a lost answer once the supplier says the change was not made and no longer can be. A lost
          // answer the supplier cannot be asked about, or whose change it may still make, keeps the
          // debit and the change pending, verified by a job.
          let order: IssuedOrder;
          try {
            order = await confirmSupplierChange(tx, current, leg, outside.offer);
          } catch (error) {
            if (!(error instanceof SupplierChangeUnverified)) throw error;
            await recordUnverifiedChange(tx, {
              booking: locked,
              leg,
              orderChangeId: error.changeId,
              passengerIds: supplierPassengerIds(current, leg),
              toOffer: keepOrderPassengers(presented, leg.offer, outside.offer),
              toSegmentFares: segmentFaresOf(engine),
              charged,
              paidWith: charged.amountDue > 0 ? (payment === 'agency' ? 'agency' : 'wallet') : null,
              walletUserId: charged.amountDue > 0 && payment === 'wallet' ? options.user.id : null,
              by,
              reason: error.message,
              expiresAt: error.expiresAt,
            });
            return { unverified: error };
          }
          supplierOrder = {
            airlineReference: order.airlineReference,
            ticketNumbers: supplierTicketNumbers(current, order, open),
          };
          soldOffer = keepOrderPassengers(presented, leg.offer, outside.offer);
        } else {
          const [outcome] = await supplier.holdMany(tx, [
            { offers: [supplierOffer(engine)], expiresAt: new Date(now + options.holdMinutes * 60_000) },
          ]);
          const hold = outcome && 'holds' in outcome ? outcome.holds[0] : undefined;
          if (!hold) throw new AppError('SOLD_OUT', undefined, undefined, { offer_id: options.offerId });
          holdLocator = hold.locator;
        }
        const applied = await applyBookingChange(tx, {
          locked,
          current,
          leg,
          supplier,
          ...(holdLocator ? { holdLocator } : {}),
          ...(supplierOrder ? { supplierOrder } : {}),
          presented: soldOffer,
          segmentFares: segmentFaresOf(engine),
          charged,
          paidWith: payment === 'agency' ? 'agency' : 'wallet',
          paidNote:
            payment === 'agency' ? ' collected by the agency from the traveller' : ' paid from the wallet',
          by,
          links: options.links,
        });
        const invoice = applied.invoiceNumber ? { number: applied.invoiceNumber } : null;
        if (options.audit) {
          await recordAudit(tx, {
            brandId: locked.brandId,
            actor: options.audit,
            action: 'booking.change',
            entityType: 'booking',
            entityId: locked.pnr,
            before: { flights: charged.fromFlights },
            after: {
              flights: charged.toFlights,
              fareDifference: charged.fareDifference,
              changeFee: charged.changeFee,
              amountDue: charged.amountDue,
              currency: charged.currency,
              paidWith: charged.amountDue > 0 ? (wallet ? 'wallet' : 'agency') : null,
              invoiceNumber: invoice?.number ?? null,
            },
          });
        }
        return {
          quote: charged,
          payment,
          paymentMethods,
          bookingId: locked.id,
          invoiceNumber: invoice?.number ?? null,
        };
      },
    ),
  );
  if ('unverified' in done)
    throw new AppError('CHANGE_PENDING_CONFIRMATION', undefined, undefined, {
      supplier: done.unverified.supplier,
      amount_due: quote.amountDue,
      currency: quote.currency,
    });
  await options.jobs.send('email.deliver-outbox');
  return done;
}

/**
 * The new offer priced now for the booker (their commission and markups, as a booking is): an
 * offer of the leg's own supplier for the same passengers and fare tier as the leg. A leg of an
 * outside supplier that does not change its orders, or an offer of another supplier: 422
 * CHANGE_NOT_SUPPORTED.
 */
async function priceNewOffer(
  db: Db,
  full: FullBooking,
  options: ChangeBookingDateOptions,
  now: number,
): Promise<{ engine: EngineOffer; presented: FlightOffer }> {
  const leg = full.legs.find((l) => l.position === options.legIndex);
  if (!leg) {
    throw new AppError('VALIDATION_FAILED', 'This booking has no such leg.', {
      leg_index: 'This booking has no such leg.',
    });
  }
  const ref = decodeOfferId(options.offerId);
  const changeable = leg.supplier === 'house' || supplierById(leg.supplier)?.quoteChange !== undefined;
  if (!changeable || (ref && ref.supplier !== leg.supplier)) {
    throw new AppError('CHANGE_NOT_SUPPORTED', undefined, undefined, { supplier: leg.supplier });
  }
  const old = decodeOfferId(leg.offer.id);
  const sameMix =
    ref &&
    old &&
    ref.tier === old.tier &&
    ref.passengers.adults === old.passengers.adults &&
    ref.passengers.children === old.passengers.children &&
    ref.passengers.infants === old.passengers.infants;
  if (!sameMix) {
    const message = 'Choose a flight from a search of this leg’s route for the same passengers.';
    throw new AppError('VALIDATION_FAILED', message, { offer_id: message });
  }
  const priced = await checkAvailability(db, {
    offers: [{ id: options.offerId, total: options.total }],
    userType: options.user.type,
    ...(await agentPricingFor(db, options.user)),
    brandId: options.user.brandId,
    now,
    // A confirmation's hold counts the seats under lock; a quote says SOLD_OUT at once.
    seatsCountedByHold: options.confirm,
  });
  const engine = priced.offers[0];
  if (!engine) throw new AppError('OFFER_EXPIRED');
  return { engine, presented: offerAsSold(engine, priced.airlineNames) };
}

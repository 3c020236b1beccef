import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FlightOffer } from '#shared/flights';
import { isAgentUserType } from '#shared/user-types';
import type { Db } from '../../db/client';
import { airlines, bookingChanges, bookingLegs, tickets } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AccountUser } from '../accounts/find-user';
import { agentPricingFor } from '../commissions/agent-pricing';
import { convertAmount } from '../exchange-rates/convert-amount';
import { loadExchangeRates } from '../exchange-rates/load-exchange-rates';
import { issueChangeInvoice } from '../finance/issue-change-invoice';
import { checkAvailability } from '../flights/check-availability';
import type { EngineOffer } from '../flights/engine/build-offers';
import { decodeOfferId } from '../flights/engine/offer-id';
import { priceFares } from '../flights/engine/price-offer';
import { offerAsSold } from '../flights/offer-as-sold';
import { supplierOffer } from '../markups/apply-markups';
import { configuredSuppliers, supplierById } from '../suppliers/configured-suppliers';
import { duffelOrderPassengers } from '../suppliers/duffel-order-passengers';
import type { IssuedOrder, SupplierChangeOffer } from '../suppliers/supplier';
import { queueTicketEmail, type TicketLinks } from '../tickets/queue-ticket-email';
import { ticketNumber } from '../tickets/ticket-number';
import { postWalletEntry } from '../wallet/post-wallet-entry';
import { type Actor, recordBookingEvent } from './change-booking-status';
import { nameOf } from './create-booking';
import {
  type BookingRow,
  type BookingScope,
  type FullBooking,
  findBooking,
  loadBookingDetails,
} from './find-booking';
import {
  type BookingChangeQuote,
  quoteBookingChange,
  type SupplierChangePrice,
} from './quote-booking-change';
import { withRetryOnConflict } from './retry-on-conflict';
import { updateFirstDeparture } from './update-first-departure';

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
  /** Runs in the change's transaction once done (the console's audit entry). */
  afterChange?: (
    tx: Db,
    booking: BookingRow,
    quote: BookingChangeQuote,
    invoiceNumber: string | null,
  ) => Promise<void>;
  pnr: string;
  legIndex: number;
  offerId: string;
  /** The new offer's total as the booker saw it (PRICE_CHANGED when it differs). */
  total?: number | undefined;
  /** false: quote only; true: pay and reissue. */
  confirm: boolean;
  /** How long the new seats' hold lasts before it is issued in the same transaction (minutes). */
  holdMinutes: number;
  links: TicketLinks;
  now?: number;
}

/** How an amount due is paid: the agent's wallet, collected by the agency (console), or nothing due. */
export type ChangePayment = 'wallet' | 'agency' | 'none';

export interface ChangeBookingDateResult {
  quote: BookingChangeQuote;
  /** Whether a wallet pays (an amount is due), the agency collected it, or nothing is charged. */
  payment: ChangePayment;
  /** Set once confirmed. */
  bookingId: string | null;
  invoiceNumber: string | null;
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
 * agency, with the same invoice.
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
  const payment: ChangePayment =
    quote.amountDue <= 0 ? 'none' : !wallet && options.agencyCollects ? 'agency' : 'wallet';
  if (!options.confirm) return { quote, payment, bookingId: null, invoiceNumber: null };
  if (payment === 'wallet' && !wallet) {
    throw new AppError('CHANGE_PAYMENT_UNAVAILABLE', undefined, undefined, {
      amount_due: quote.amountDue,
      currency: quote.currency,
    });
  }
  const by = options.by ?? { name: nameOf(options.user), userId: options.user.id };
  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await findBooking(tx, { ...scope, pnr: options.pnr, forUpdate: true });
      const current = await loadBookingDetails(tx, locked);
      // Quoted again under the lock: a change or cancel that won the race is seen here.
      const charged = quoteBookingChange(current, options.legIndex, presented, now, outside?.price);
      if (charged.amountDue !== quote.amountDue) throw new AppError('PRICE_CHANGED');
      const leg = current.legs.find((l) => l.position === options.legIndex);
      const supplier = configuredSuppliers().find((s) => s.id === leg?.supplier);
      if (!leg || !supplier) throw new AppError('CHANGE_NOT_SUPPORTED');
      const first = current.legs
        .filter((l) => l.position < leg.position)
        .reduce((count, l) => count + l.offer.segments.length, 0);
      const last = first + leg.offer.segments.length;
      const open = current.tickets.filter(
        (t) => t.status === 'open' && t.segmentIndex >= first && t.segmentIndex < last,
      );
      if (open.length === 0) {
        throw new AppError('CHANGE_NOT_ALLOWED', 'This flight has no valid tickets left to change.');
      }
      const route = `${leg.offer.segments[0]?.depart_code} → ${leg.offer.segments.at(-1)?.dest_code}`;
      const flights = presented.segments.map((s) => s.flight_number).join(', ');
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
      let toLocator = leg.locator;
      let reissuedOrder: IssuedOrder | null = null;
      let soldOffer = presented;
      if (outside) {
        // The supplier's order keeps its id; a refusal or timeout here rolls the wallet debit back.
        reissuedOrder = await confirmSupplierChange(tx, current, leg, outside.offer);
        soldOffer = keepOrderPassengers(presented, leg.offer, outside.offer);
      } else {
        const [outcome] = await supplier.holdMany(tx, [
          { offers: [supplierOffer(engine)], expiresAt: new Date(now + options.holdMinutes * 60_000) },
        ]);
        const hold = outcome && 'holds' in outcome ? outcome.holds[0] : undefined;
        if (!hold) throw new AppError('SOLD_OUT', undefined, undefined, { offer_id: options.offerId });
        await supplier.cancel(tx, { locator: leg.locator });
        await supplier.issue(tx, { locator: hold.locator });
        toLocator = hold.locator;
      }
      const ref = decodeOfferId(engine.id);
      await tx
        .update(bookingLegs)
        .set({
          locator: toLocator,
          offer: soldOffer,
          ...(reissuedOrder ? { airlineReference: reissuedOrder.airlineReference } : {}),
          segmentFares: engine.segments.map((s) => ({
            departUtc: new Date(s.flight.departUtc).toISOString(),
            conditions: s.fare.conditions,
            price: priceFares([s.fare], {
              tier: ref?.tier ?? 'npr',
              passengers: ref?.passengers ?? { adults: 1, children: 0, infants: 0 },
              agent: false,
              grantedCommissionPercent: 0,
            }),
          })),
        })
        .where(and(eq(bookingLegs.bookingId, locked.id), eq(bookingLegs.position, leg.position)));
      await updateFirstDeparture(tx, locked.id);
      const [change] = await tx
        .insert(bookingChanges)
        .values({
          bookingId: locked.id,
          legPosition: leg.position,
          fromLocator: leg.locator,
          toLocator,
          fromOffer: leg.offer,
          toOffer: soldOffer,
          currency: charged.currency,
          fareDifference: charged.fareDifference,
          changeFee: charged.changeFee,
          amount: charged.amountDue,
          paidWith: charged.amountDue > 0 ? (payment === 'agency' ? 'agency' : 'wallet') : null,
          byUserId: by.userId ?? null,
        })
        .returning({ id: bookingChanges.id });
      if (!change) throw new Error('the booking change was not written');
      const supplierNumbers = reissuedOrder ? supplierTicketNumbers(current, reissuedOrder, open) : null;
      // A passenger the supplier has not reissued an e-ticket for yet keeps the old one open.
      const exchanged = supplierNumbers ? open.filter((_, i) => supplierNumbers[i]) : open;
      const reissued = await reissueTickets(tx, {
        bookingId: locked.id,
        open: exchanged,
        first,
        last,
        segments: presented.segments,
        ...(supplierNumbers ? { supplierNumbers: supplierNumbers.filter((n) => n !== null) } : {}),
      });
      const invoice =
        charged.amountDue > 0
          ? await issueChangeInvoice(tx, {
              booking: locked,
              bookingChangeId: change.id,
              newPrice: presented.price,
              route,
              flights,
              fareDifference: charged.fareDifference,
              changeFee: charged.changeFee,
              changeFeeVat: charged.changeFeeVat,
              international: charged.international,
            })
          : null;
      await recordBookingEvent(
        tx,
        locked.id,
        locked.status,
        by,
        `Date changed: ${charged.fromFlights.join(', ')} → ${charged.toFlights.join(', ')}; ` +
          `fare difference ${charged.fareDifference}, change fee ${charged.changeFee} ${charged.currency}` +
          (charged.amountDue > 0
            ? payment === 'agency'
              ? ' collected by the agency from the traveller'
              : ' paid from the wallet'
            : '') +
          `; ${reissued} ticket(s) reissued` +
          (invoice ? `; tax invoice ${invoice.number}` : ''),
      );
      await queueTicketEmail(tx, { bookingId: locked.id, ...options.links });
      await options.afterChange?.(tx, locked, charged, invoice?.number ?? null);
      return { quote: charged, payment, bookingId: locked.id, invoiceNumber: invoice?.number ?? null };
    }),
  );
}

/** An outside supplier's change offer for the leg, and its price in the booking's currency. */
interface SupplierChange {
  offer: SupplierChangeOffer;
  price: SupplierChangePrice;
}

/**
 * For a leg sold by an outside supplier that changes its own orders (Duffel): the supplier's offer
 * to move the order's journey to the chosen flights (Duffel's order change request and offers),
 * its penalty, and its change total beyond the penalty (never below zero: a cheaper fare gives
 * nothing back), converted into the booking's currency at the brand's rates as Duffel's offer
 * prices are. Null for a house leg. Nothing is changed at the supplier yet.
 */
async function quoteSupplierChange(
  db: Db,
  full: FullBooking,
  legIndex: number,
  presented: FlightOffer,
  now: number,
): Promise<SupplierChange | null> {
  const leg = full.legs.find((l) => l.position === legIndex);
  if (!leg || leg.supplier === 'house') return null;
  const supplier = supplierById(leg.supplier);
  if (!supplier?.quoteChange || !leg.supplierOrderId) {
    throw new AppError('CHANGE_NOT_SUPPORTED', undefined, undefined, { supplier: leg.supplier });
  }
  // The booking and the chosen flights are checked before the supplier is asked anything.
  quoteBookingChange(full, legIndex, presented, now, { changeFee: 0, fareDifference: 0, newFare: 0 });
  const first = presented.segments[0];
  const last = presented.segments.at(-1);
  if (!first || !last) throw new AppError('OFFER_EXPIRED');
  const offer = await supplier.quoteChange(db, {
    orderId: leg.supplierOrderId,
    brandId: full.booking.brandId,
    origin: first.depart_code,
    destination: last.dest_code,
    departureDate: first.depart_at.slice(0, 10),
    flights: presented.segments.map((segment) => segment.flight_number.replace(/\s+/g, '')),
  });
  const rates = await loadExchangeRates(db, full.booking.brandId);
  const target = full.booking.currency;
  const convert = (amount: number) => convertAmount(Math.max(0, amount), offer.currency, target, rates);
  const changeFee = convert(offer.penalty);
  return {
    offer,
    price: {
      changeFee,
      fareDifference: Math.max(0, convert(offer.changeTotal) - changeFee),
      newFare: convert(offer.newTotal),
    },
  };
}

/** Confirms the supplier's change offer (Duffel: a pending order change, confirmed with its payment). */
async function confirmSupplierChange(
  tx: Db,
  full: FullBooking,
  leg: FullBooking['legs'][number],
  offer: SupplierChangeOffer,
): Promise<IssuedOrder> {
  const supplier = supplierById(leg.supplier);
  if (!supplier?.confirmChange || !leg.supplierOrderId) throw new AppError('CHANGE_NOT_SUPPORTED');
  return supplier.confirmChange(tx, {
    orderId: leg.supplierOrderId,
    brandId: full.booking.brandId,
    changeOfferId: offer.id,
    changeTotal: offer.changeTotal,
    currency: offer.currency,
    passengerIds: duffelOrderPassengers(
      full.passengers,
      leg.offer.supplier_quote?.passenger_ids ?? [],
      full.booking.contact,
    ).idOf,
  });
}

/**
 * The leg's new offer as kept on the booking: the order's passengers (the supplier's ids for this
 * order, not the searched offer's) and the order's new total, so later changes and cancellations
 * of the same order find them.
 */
function keepOrderPassengers(
  presented: FlightOffer,
  old: FlightOffer,
  offer: SupplierChangeOffer,
): FlightOffer {
  const quote = presented.supplier_quote;
  if (!quote || !old.supplier_quote) return presented;
  return {
    ...presented,
    supplier_quote: {
      ...quote,
      amount: offer.newTotal,
      currency: offer.currency,
      passenger_ids: old.supplier_quote.passenger_ids,
      instant_payment_required: old.supplier_quote.instant_payment_required,
    },
  };
}

/** Per open ticket (in order), the supplier's new e-ticket for its passenger (null: none issued). */
function supplierTicketNumbers(
  full: FullBooking,
  order: IssuedOrder,
  open: FullBooking['tickets'],
): (string | null)[] {
  const position = new Map(full.passengers.map((p, i) => [p.id, i]));
  return open.map((t) => order.ticketNumbers[position.get(t.passengerId) ?? -1] ?? null);
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

/** The leg's open tickets `exchanged`, and one new number each citing it (same passenger and flight). */
async function reissueTickets(
  tx: Db,
  options: {
    bookingId: string;
    open: FullBooking['tickets'];
    first: number;
    last: number;
    segments: FlightOffer['segments'];
    /** An outside supplier's reissued e-tickets, per open ticket (its number, not Tikat's). */
    supplierNumbers?: string[];
  },
): Promise<number> {
  if (options.open.length === 0) return 0;
  const numbers = options.open.map((t) => t.ticketNumber);
  await tx
    .update(tickets)
    .set({ status: 'exchanged' })
    .where(
      and(
        eq(tickets.bookingId, options.bookingId),
        inArray(tickets.ticketNumber, numbers),
        gte(tickets.segmentIndex, options.first),
        lt(tickets.segmentIndex, options.last),
      ),
    );
  const codes = await tx
    .select({ code: airlines.code, accountingCode: airlines.accountingCode })
    .from(airlines)
    .where(inArray(airlines.code, [...new Set(options.segments.map((s) => s.airline_code))]));
  const serials = options.supplierNumbers
    ? []
    : await tx
        .select({ serial: sql<string>`nextval('ticket_serial_seq')::text` })
        .from(sql`generate_series(1, ${options.open.length})`);
  const supplierNumbers = options.supplierNumbers;
  await tx.insert(tickets).values(
    options.open.map((old, i) => ({
      ticketNumber:
        supplierNumbers?.[i] ??
        ticketNumber(
          codes.find((c) => c.code === options.segments[old.segmentIndex - options.first]?.airline_code)
            ?.accountingCode,
          Number(serials[i]?.serial ?? 0),
        ),
      bookingId: options.bookingId,
      passengerId: old.passengerId,
      segmentIndex: old.segmentIndex,
      status: 'open' as const,
      reissuedFrom: old.ticketNumber,
    })),
  );
  return options.open.length;
}

import type { Booking, BookingSummary, PaymentMethod, RefundQuote, TicketListItem } from '#shared/bookings';
import type { BookedBy, PriceBreakdown } from '#shared/sub-agents';
import { isAgentUserType } from '#shared/user-types';
import type { BookingEventAmounts } from '../db/schema/index';
import { airlineReferenceOf } from '../domain/booking-records/airline-reference-of';
import type { BookingRow, FullBooking } from '../domain/booking-records/find-booking';
import type { BookerInfo } from '../domain/booking-records/load-bookers';
import { bookingMoneyOf, paidForPassenger, salePartsOf } from '../domain/booking-records/passenger-money';
import type { TicketListRow } from '../domain/bookings/issue/list-tickets';
import type { BookingSummaryRow } from '../domain/bookings/list-bookings';
import { cancelledPassengerIds } from '../domain/bookings/refund/choose-cancelled-passengers';
import type { CancellationQuote } from '../domain/bookings/refund/quote-cancellation';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What a booking and its list entry both show first. */
const headOf = (booking: BookingRow) => ({
  pnr: booking.pnr,
  status: booking.status,
  created_at: booking.createdAt.toISOString(),
  expires_at: booking.status === 'held' ? iso(booking.expiresAt) : null,
  currency: booking.currency,
});

/** The agent who booked, as lists and views name them (null for travellers). */
export function presentBookedBy(booker: BookerInfo | undefined): BookedBy | null {
  if (!booker || !isAgentUserType(booker.type)) return null;
  return { agent_id: booker.id, name: booker.name, sub_agent: booker.masterAgentId !== null };
}

/** What a booking shows beside its own rows: who gets what of its price, and who booked it. */
export interface BookingViewExtras {
  priceBreakdown: PriceBreakdown;
  booker: BookerInfo | undefined;
}

/** A booking as the API shows it: never its rows as they are (no ids of other tables, no hashes). */
export function presentBooking(
  full: FullBooking,
  paymentMethods: PaymentMethod[],
  extras?: BookingViewExtras,
): Booking {
  const { booking } = full;
  const sale = salePartsOf(full);
  const gone = cancelledPassengerIds(full);
  const over = ['cancelled', 'refunded', 'expired'].includes(booking.status);
  const money = bookingMoneyOf(full);
  return {
    ...headOf(booking),
    legs: full.legs.map((leg) => leg.offer),
    price: booking.price,
    passengers: full.passengers.map((p) => ({
      id: p.id,
      type: p.type,
      title: p.title,
      first_name: p.firstName,
      last_name: p.lastName,
      gender: p.gender,
      nationality: p.nationality,
      ...(p.dateOfBirth ? { date_of_birth: p.dateOfBirth } : {}),
      ...(p.passportNumber ? { passport_number: p.passportNumber } : {}),
      ...(p.passportExpiry ? { passport_expiry: p.passportExpiry } : {}),
      ...(p.passportCountry ? { passport_country: p.passportCountry } : {}),
      ...(p.displayNameNe ? { display_name_ne: p.displayNameNe } : {}),
      status:
        over || p.cancelledAt !== null || gone.has(p.id) ? ('cancelled' as const) : ('travelling' as const),
      paid: paidForPassenger(sale, p),
      refunded: p.refunded,
    })),
    contact: { name: booking.contact.name, email: booking.contact.email, mobile: booking.contact.mobile },
    buyer_pan: booking.contact.buyerPan ?? null,
    sms_updates: booking.contact.smsUpdates === true,
    language: booking.contact.language ?? 'en',
    tickets: full.tickets.map((t) => ({
      ticket_number: t.ticketNumber,
      passenger_id: t.passengerId,
      segment_index: t.segmentIndex,
      status: t.status,
      reissued_from: t.reissuedFrom,
    })),
    payment_methods: paymentMethods,
    paid_with: booking.paidWith,
    history: full.events.map((e) => ({
      status: e.status,
      at: e.at.toISOString(),
      by: e.by,
      note: e.note,
      ...(e.amounts ? { amounts: presentEventAmounts(e.amounts) } : {}),
    })),
    disruptions: full.disruptions.map((d) => ({
      flight_id: d.flightId,
      reason: d.reason,
      note: d.note,
      at: d.createdAt.toISOString(),
      change: d.change,
      new_departure_local: d.newDepartureLocal,
      resolution: d.resolution,
      resolved_at: d.resolvedAt?.toISOString() ?? null,
    })),
    airline_reference: airlineReferenceOf(full.legs),
    status_reason: booking.statusReason,
    change_payment: full.changePayment && {
      status: full.changePayment.status,
      gateway: full.changePayment.gateway,
      amount: full.changePayment.amount,
      currency: full.changePayment.currency,
      updated_at: full.changePayment.updatedAt.toISOString(),
    },
    ...(extras && {
      price_breakdown: extras.priceBreakdown,
      booked_by: presentBookedBy(extras.booker),
    }),
    amount_paid: money.paid,
    amount_refunded: money.refunded,
    travelling_total: money.travellingTotal,
  };
}

/** An after-sales event's money as the API names it. */
function presentEventAmounts(
  amounts: BookingEventAmounts,
): NonNullable<Booking['history'][number]['amounts']> {
  return {
    kind: amounts.kind,
    currency: amounts.currency,
    ...(amounts.fee !== undefined ? { fee: amounts.fee } : {}),
    ...(amounts.refund !== undefined ? { refund: amounts.refund } : {}),
    ...(amounts.fareDifference !== undefined ? { fare_difference: amounts.fareDifference } : {}),
    ...(amounts.changeFee !== undefined ? { change_fee: amounts.changeFee } : {}),
    ...(amounts.passengers ? { passengers: amounts.passengers } : {}),
  };
}

const dayMonth = (localIso: string) =>
  new Date(`${localIso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export function presentBookingSummary(row: BookingSummaryRow): BookingSummary {
  const { booking } = row;
  return {
    ...headOf(booking),
    total: booking.price.total,
    amount_due: booking.amountDue,
    route: `${booking.route}, ${dayMonth(row.firstDepartureLocal)}`,
    first_departure_at: row.firstDepartureLocal,
    passenger_names: row.passengerNames,
    cancelled_passenger_names: row.cancelledPassengerNames,
    amount_refunded: row.amountRefunded,
    travelling_total: row.travellingTotal,
    ...(row.booker && { booked_by: presentBookedBy(row.booker) }),
  };
}

export function presentTicketListItem(row: TicketListRow): TicketListItem {
  return {
    ticket_number: row.ticketNumber,
    passenger_id: row.passengerId,
    segment_index: row.segmentIndex,
    status: row.status,
    pnr: row.pnr,
    passenger_name: row.passengerName,
    route: row.route,
    departs_at: row.departsAt,
    flight: row.flight,
    booking_status: row.bookingStatus,
  };
}

/** A cancellation quote as the API shows it (the traveller's and the admin's cancel). */
export function presentRefundQuote(quote: CancellationQuote): RefundQuote {
  return {
    currency: quote.currency as 'NPR' | 'USD',
    paid: quote.paid,
    cancellation_fee: quote.cancellationFee,
    refund: quote.refund,
    rule: quote.rule,
    ...(quote.passengerIds ? { passengers: quote.passengerIds } : {}),
    ...(quote.voidUntil ? { void_until: quote.voidUntil.toISOString() } : {}),
  };
}

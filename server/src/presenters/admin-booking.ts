import type {
  AdminBookingDetail,
  AdminBookingSummary,
  ExcessRefundState,
  FlightDisruption,
} from '#shared/admin-bookings';
import type { flightDisruptions } from '../db/schema/index';
import type { BrandBookingDetail } from '../domain/bookings/find-brand-booking';
import type { BookerRow, BrandBookingRow } from '../domain/bookings/list-brand-bookings';
import { priceBreakdownOf } from '../domain/bookings/price-breakdown-of';
import { presentBookingMarkup } from './admin-money';
import { presentBooking } from './booking';

/** The admin console's view of the brand's bookings (rows → API answers). */

const presentBooker = (booker: BookerRow) => ({
  id: booker.id,
  name: `${booker.firstName} ${booker.lastName}`.trim(),
  email: booker.email,
  type: booker.type,
});

export function presentAdminBookingSummary(row: BrandBookingRow): AdminBookingSummary {
  const { booking } = row;
  return {
    pnr: booking.pnr,
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    departAt: row.departAt,
    route: booking.route,
    booker: presentBooker(row.booker),
    contactName: booking.contact.name,
    passengerNames: row.passengerNames,
    currency: booking.currency,
    total: booking.price.total,
    amountDue: booking.amountDue,
    paidWith: booking.paidWith,
    disrupted: row.disrupted,
  };
}

export function presentAdminBookingDetail(detail: BrandBookingDetail): AdminBookingDetail {
  return {
    // An admin does not pay for the traveller: no payment methods.
    booking: presentBooking(detail.full, [], {
      // The agency sees every level.
      priceBreakdown: priceBreakdownOf(detail.full.booking, detail.bookerInfo, null),
      booker: detail.bookerInfo,
    }),
    booker: presentBooker(detail.booker),
    amountDue: detail.full.booking.amountDue,
    markup: presentBookingMarkup(detail.full.booking.markup),
    flights: detail.flights,
    payments: detail.payments.map((p) => ({
      gateway: p.gateway,
      reference: p.reference,
      amount: p.amountPaisa,
      currency: p.currency,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
    walletEntries: detail.walletEntries.map((e) => ({
      kind: e.kind,
      amount: e.amount,
      currency: e.currency,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    refunds: detail.refunds.map((r) => ({
      method: r.method,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      paymentReference: r.paymentReference,
      automatic: r.automatic,
      completedAt: r.completedAt?.toISOString() ?? null,
      lastError: r.lastError,
      id: r.id,
      completedReference: r.completedReference,
    })),
    excessPayments: detail.payments
      .filter((p) => p.status === 'excess')
      .map((p) => ({
        gateway: p.gateway,
        reference: p.reference,
        amount: p.amountPaisa,
        currency: p.currency,
        paidAt: p.paidAt?.toISOString() ?? null,
        refund: excessRefundState(
          detail.refunds.find((r) => r.paymentReference === p.reference && r.method === p.gateway),
        ),
      })),
  };
}

function excessRefundState(refund: BrandBookingDetail['refunds'][number] | undefined): ExcessRefundState {
  if (!refund) return 'missing';
  if (refund.status === 'completed') return 'refunded';
  return refund.automatic ? 'refunding' : 'manual';
}

export function presentFlightDisruption(
  disruption: typeof flightDisruptions.$inferSelect,
  flagged: string[],
): FlightDisruption {
  return {
    flightId: disruption.flightId,
    reason: disruption.reason,
    note: disruption.note,
    change: disruption.change,
    newDepartureLocal: disruption.newDepartureLocal,
    createdAt: disruption.createdAt.toISOString(),
    flagged,
    notified: flagged.length,
  };
}

import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { FullBooking } from '../../booking-records/find-booking';
import { supplierById } from '../../suppliers/configured-suppliers';
import { duffelOrderPassengers } from '../../suppliers/duffel-order-passengers';
import type { IssuedOrder, SupplierChangeOffer } from '../../suppliers/supplier';
import { quoteBookingChange, type SupplierChangePrice } from './quote-booking-change';
import { supplierChangePrice } from './supplier-change-price';
import { assertNoChangeBeingVerified } from './verify-supplier-changes';

/** An outside supplier's change offer for the leg, and its price in the booking's currency. */
export interface SupplierChange {
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
export async function quoteSupplierChange(
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
  await assertNoChangeBeingVerified(db, full.booking.id, legIndex);
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
  return { offer, price: await supplierChangePrice(db, full.booking, offer) };
}

/** Confirms the supplier's change offer (Duffel: a pending order change, confirmed with its payment). */
export async function confirmSupplierChange(
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
    passengerIds: supplierPassengerIds(full, leg),
  });
}

/** The leg's supplier passenger ids, per traveller in the booking's order. */
export function supplierPassengerIds(full: FullBooking, leg: FullBooking['legs'][number]): string[] {
  return duffelOrderPassengers(
    full.passengers,
    leg.offer.supplier_quote?.passenger_ids ?? [],
    full.booking.contact,
  ).idOf;
}

/**
 * The leg's new offer as kept on the booking: the order's passengers (the supplier's ids for this
 * order, not the searched offer's) and the order's new total, so later changes and cancellations
 * of the same order find them.
 */
export function keepOrderPassengers(
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
export function supplierTicketNumbers(
  full: FullBooking,
  order: IssuedOrder,
  open: FullBooking['tickets'],
): (string | null)[] {
  const position = new Map(full.passengers.map((p, i) => [p.id, i]));
  return open.map((t) => order.ticketNumbers[position.get(t.passengerId) ?? -1] ?? null);
}

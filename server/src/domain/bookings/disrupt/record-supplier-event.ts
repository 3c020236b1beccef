import { and, eq } from 'drizzle-orm';
import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../../db/client';
import {
  bookingLegs,
  bookings,
  SUPPLIER_EVENT_OUTCOMES,
  type SupplierEventOutcome,
  supplierEvents,
} from '../../../db/schema/index';
import { flightIdOf } from '../../booking-records/flight-id';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { flagFlightDisrupted } from './mark-flight-disrupted';

/** What became of an event, as the webhook's answer says. */
export { SUPPLIER_EVENT_OUTCOMES };

/** An outside supplier's event as Duffel sends it: `{ id, type, data: { object } }`. */
export interface SupplierEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

export interface RecordSupplierEventResult {
  outcome: SupplierEventOutcome;
  /** Whether the event had been received before (nothing done this time). */
  duplicate: boolean;
  /** The bookings the event flagged disrupted (PNRs). */
  flagged: string[];
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const asList = (value: unknown): Json[] => (Array.isArray(value) ? value.map(asObject) : []);

/** Duffel's segment as a Tikat flight id (`QR651-2026-12-26`): carrier, number, local date. */
function flightIdOfSegment(segment: Json): string {
  const carrier = asObject(segment.marketing_carrier);
  return `${String(carrier.iata_code ?? '')}${String(segment.marketing_carrier_flight_number ?? '')}-${String(segment.departing_at ?? '').slice(0, 10)}`;
}

/**
 * The airline-initiated change an event is about: Duffel's `order.airline_initiated_change_detected`
 * carries it as `data.object`; `order.updated` carries the order, whose latest change not yet
 * answered is the one.
 */
function airlineChangeOf(event: SupplierEvent): Json | undefined {
  const object = asObject(event.data.object);
  if (event.type === 'order.airline_initiated_change_detected') return object;
  if (event.type === 'order.updated')
    return asList(object.airline_initiated_changes)
      .filter((c) => c.action_taken === null || c.action_taken === undefined)
      .at(-1);
  return undefined;
}

function orderIdOf(event: SupplierEvent): string | null {
  const object = asObject(event.data.object);
  if (typeof object.order_id === 'string') return object.order_id;
  if (typeof object.id === 'string' && object.id.startsWith('ord_')) return object.id;
  return null;
}

/**
 * What the change did to the booking's flight: the flight of the leg it removed (the leg's first
 * flight when none matches), and cancelled (nothing added), delayed or retimed (its new local
 * departure), or disrupted (another flight instead).
 */
function changeOnLeg(change: Json, offer: FlightOffer) {
  const removed = asList(change.removed).flatMap((slice) => asList(slice.segments));
  const added = asList(change.added).flatMap((slice) => asList(slice.segments));
  const removedIds = removed.map(flightIdOfSegment);
  const index = Math.max(
    0,
    offer.segments.findIndex((s) => removedIds.includes(flightIdOf(s))),
  );
  const segment = offer.segments[index] ?? offer.segments[0];
  const flightId = segment ? flightIdOf(segment) : (removedIds[0] ?? '');
  if (added.length === 0) return { flightId, change: 'cancelled' as const, newDepartureLocal: null };
  const before = removed[index] ?? removed[0];
  const after = added.find((s) => flightIdOfSegment(s).split('-')[0] === flightId.split('-')[0]);
  if (!after) return { flightId, change: 'disrupted' as const, newDepartureLocal: null };
  const newDepartureLocal = String(after.departing_at).slice(0, 16);
  const wasLocal = String(before?.departing_at ?? segment?.depart_at ?? '').slice(0, 16);
  return {
    flightId,
    change: newDepartureLocal > wasLocal ? ('delayed' as const) : ('retimed' as const),
    newDepartureLocal,
  };
}

/**
 * An outside supplier's event (its signature already verified), once per event id: an
 * airline-initiated schedule change (Duffel's `order.airline_initiated_change_detected`, or an
 * `order.updated` carrying one not yet answered) flags the booking that ordered it as disrupted,
 * through the same path as an agency's notice (`markFlightDisrupted`: history, e-mail, SMS,
 * partner webhooks, audit), so the traveller accepts the new time or takes a full refund. An
 * order Tikat does not know, or any other event, is recorded and acknowledged. One transaction:
 * if flagging fails nothing is recorded, and the supplier's retry is acted on.
 */
export async function recordSupplierEvent(
  db: Db,
  options: { supplier: string; event: SupplierEvent; jobs: OutboxJobs },
): Promise<RecordSupplierEventResult> {
  const { supplier, event } = options;
  const recorded = await db.transaction(async (tx): Promise<RecordSupplierEventResult> => {
    const orderId = orderIdOf(event);
    const inserted = await tx
      .insert(supplierEvents)
      .values({ supplier, eventId: event.id, type: event.type, orderId, outcome: 'ignored' })
      .onConflictDoNothing()
      .returning({ eventId: supplierEvents.eventId });
    if (inserted.length === 0) {
      const [seen] = await tx
        .select({ outcome: supplierEvents.outcome })
        .from(supplierEvents)
        .where(and(eq(supplierEvents.supplier, supplier), eq(supplierEvents.eventId, event.id)));
      return { outcome: seen?.outcome ?? 'ignored', duplicate: true, flagged: [] };
    }
    const change = airlineChangeOf(event);
    if (!change || !orderId) return { outcome: 'ignored', duplicate: false, flagged: [] };
    const [leg] = await tx
      .select({ offer: bookingLegs.offer, brandId: bookings.brandId })
      .from(bookingLegs)
      .innerJoin(bookings, eq(bookings.id, bookingLegs.bookingId))
      .where(and(eq(bookingLegs.supplier, supplier), eq(bookingLegs.supplierOrderId, orderId)))
      .limit(1);
    const setOutcome = (outcome: SupplierEventOutcome) =>
      tx
        .update(supplierEvents)
        .set({ outcome })
        .where(and(eq(supplierEvents.supplier, supplier), eq(supplierEvents.eventId, event.id)));
    if (!leg) {
      await setOutcome('unknown_order');
      return { outcome: 'unknown_order', duplicate: false, flagged: [] };
    }
    const onLeg = changeOnLeg(change, leg.offer);
    const { flagged } = await flagFlightDisrupted(tx, {
      brandId: leg.brandId,
      flightId: onLeg.flightId,
      reason: 'operational',
      note: 'The airline changed the schedule of this flight.',
      change: onLeg.change,
      newDepartureLocal: onLeg.newDepartureLocal,
      actor: { id: null, email: null, mobile: null, name: `The airline (${supplier})` },
    });
    await setOutcome('flagged');
    return { outcome: 'flagged', duplicate: false, flagged };
  });
  if (recorded.flagged.length > 0) await options.jobs.send('email.deliver-outbox');
  return recorded;
}

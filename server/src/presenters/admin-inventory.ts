import type { FlightLoad, InventoryControl } from '#shared/admin-inventory';
import { dateOf } from '../domain/flight-engine/calendar';
import { localTimesOf } from '../domain/flight-engine/flight-network';
import type { FlightLoadRow } from '../domain/inventory/find-flight-load';
import type { InventoryControlRow } from '../domain/inventory/set-class-control';

/** The admin console's inventory shapes: a flight's load per class, a class control. */

export function presentFlightLoad(row: FlightLoadRow): FlightLoad {
  const { leg } = row.flight;
  return {
    flight_number: `${leg.airlineCode} ${leg.flightNumber}`,
    depart_code: leg.origin,
    dest_code: leg.destination,
    date: dateOf(row.flight.day),
    depart_at: localTimesOf(row.flight).departAt,
    aircraft: leg.aircraft,
    load_factor: Math.round(row.loadFactor * 1000) / 1000,
    classes: row.classes.map((c) => ({
      class_code: c.classCode,
      family: c.family,
      rank: c.rank,
      open: c.open,
      advance_purchase_days: c.advancePurchaseDays,
      capacity: c.capacity,
      sold_elsewhere: c.soldElsewhere,
      sold: c.sold,
      held: c.held,
      seats_left: c.seatsLeft,
      base_npr: c.baseNpr,
      base_usd: c.baseUsd,
      fare_overridden: c.fareOverridden,
    })),
  };
}

export function presentInventoryControl(
  row: InventoryControlRow,
  flight: { flightNumber: string; origin: string; destination: string },
): InventoryControl {
  return {
    id: row.id,
    flight_number: flight.flightNumber,
    depart_code: flight.origin,
    dest_code: flight.destination,
    class_code: row.classCode,
    from_date: row.fromDate,
    to_date: row.toDate,
    closed: row.closed,
    base_npr: row.baseNpr,
    base_usd: row.baseUsd,
    created_at: row.createdAt.toISOString(),
  };
}

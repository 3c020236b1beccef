import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flightSeats } from '../../db/schema/index';
import { dateOf, todayInNepal } from '../flight-engine/calendar';
import { demandSoldIn } from '../flight-engine/demand';
import type { DatedFlight } from '../flight-engine/flight-network';
import { findScheduledFlight, type ScheduledFlightRef } from './find-scheduled-flight';

export interface ClassLoadRow {
  classCode: string;
  family: string;
  rank: number;
  open: boolean;
  advancePurchaseDays: number;
  capacity: number;
  soldElsewhere: number;
  sold: number;
  held: number;
  seatsLeft: number;
  baseNpr: number;
  baseUsd: number;
  fareOverridden: boolean;
}

export interface FlightLoadRow {
  flight: DatedFlight;
  loadFactor: number;
  classes: ClassLoadRow[];
}

/**
 * A dated flight's load per class of its ladder: capacity, seats the demand model has sold through
 * other channels by today, seats sold and held in Tikat, seats left, and whether an admin closed
 * the class or overrode its fare on that date.
 */
export async function findFlightLoad(
  db: Db,
  ref: ScheduledFlightRef,
  now = Date.now(),
): Promise<FlightLoadRow> {
  const flight = await findScheduledFlight(db, ref);
  const rows = await db
    .select()
    .from(flightSeats)
    .where(and(eq(flightSeats.scheduleId, flight.leg.id), eq(flightSeats.flightDate, dateOf(flight.day))));
  const salesDay = todayInNepal(now);
  let seats = 0;
  let taken = 0;
  const classes = flight.ladder.map((fare): ClassLoadRow => {
    const row = rows.find((r) => r.classCode === fare.classCode);
    const capacity = row?.capacity ?? flight.leg.seatsByClass[fare.classCode] ?? 0;
    const soldElsewhere = demandSoldIn(flight, fare.classCode, salesDay);
    const sold = row?.sold ?? 0;
    const held = row?.held ?? 0;
    const onSale = flight.fares.find((f) => f.classCode === fare.classCode);
    seats += capacity;
    taken += Math.min(capacity, soldElsewhere + sold + held);
    return {
      classCode: fare.classCode,
      family: fare.family,
      rank: fare.rank,
      open: onSale !== undefined,
      advancePurchaseDays: fare.advancePurchaseDays,
      capacity,
      soldElsewhere,
      sold,
      held,
      seatsLeft: Math.max(0, capacity - soldElsewhere - sold - held),
      baseNpr: onSale?.baseNpr ?? fare.baseNpr,
      baseUsd: onSale?.baseUsd ?? fare.baseUsd,
      fareOverridden:
        onSale !== undefined && (onSale.baseNpr !== fare.baseNpr || onSale.baseUsd !== fare.baseUsd),
    };
  });
  return { flight, loadFactor: seats === 0 ? 0 : taken / seats, classes };
}

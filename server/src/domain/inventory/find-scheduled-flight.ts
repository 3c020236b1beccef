import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { dayOf } from '../flight-engine/calendar';
import type { DatedFlight } from '../flight-engine/flight-network';
import { loadFlightNetwork } from '../flight-engine/load-flight-network';

export interface ScheduledFlightRef {
  /** `U4 601`, as offers show it. */
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local departure date at the origin. */
  date: string;
}

/**
 * The dated flight an admin names (airline and number, route, local date), whatever its classes'
 * state; 400 naming the field when no schedule of the house inventory flies it that day.
 */
export async function findScheduledFlight(
  db: Db,
  ref: ScheduledFlightRef,
  dateField = 'date',
): Promise<DatedFlight> {
  const { network } = await loadFlightNetwork(db);
  const [airline, number] = ref.flightNumber.split(' ');
  const leg = network.legsByOrigin
    .get(ref.origin)
    ?.find(
      (l) => l.destination === ref.destination && l.airlineCode === airline && l.flightNumber === number,
    );
  if (!leg)
    throw invalidFields({
      flight_number: `${ref.flightNumber} does not fly ${ref.origin}→${ref.destination}.`,
    });
  const day = dayOf(ref.date);
  const weekdayBit = 1 << ((((day + 3) % 7) + 7) % 7);
  if (day < leg.fromDay || day > leg.toDay || (leg.weekdays & weekdayBit) === 0)
    throw invalidFields({ [dateField]: `${ref.flightNumber} does not fly on ${ref.date}.` });
  return network.datedFlight(leg, day);
}

import type { FareClass, ScheduledLeg } from './scheduled-leg';

/** A leg on a date, placed in UTC. */
export interface DatedFlight {
  leg: ScheduledLeg;
  /** Local departure date at the origin, as a day number. */
  day: number;
  departUtc: number;
  arriveUtc: number;
  /** Local arrival date at the destination, as a day number (where connections are looked up). */
  arrivalDay: number;
  /** The leg's fare classes on sale that day (after admins' controls), cheapest first. */
  fares: FareClass[];
  /** The leg's whole ladder, closed classes included (what the demand model fills). */
  ladder: FareClass[];
  /** The demand model's final load of this flight, NaN until first asked (engine/demand.ts). */
  finalLoad: number;
  /** The seats the demand model leaves in each ladder class as of `demandSalesDay` (demand.ts). */
  demandSeatsLeft?: number[] | undefined;
  demandSalesDay?: number;
  /** The cheapest total of the search stamped `leadStamp` (build-offers.ts), kept on the flight. */
  leadTotal?: number;
  leadStamp?: number;
  /** The cheapest total kept between searches of one kind (build-offers.ts); 0 = none kept. */
  sharedLeadKey?: number;
  sharedLeadTotal?: number;
  /** The instants (`notBeforeUtc`) between which `sharedLeadTotal` holds. */
  sharedLeadFromUtc?: number;
  sharedLeadUntilUtc?: number;
}

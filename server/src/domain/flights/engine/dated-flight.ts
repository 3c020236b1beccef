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
  /** The flight's place among its origin's flights of the day (`slots.flights[slot]` is itself). */
  slots?: FlightSlots | undefined;
  slot?: number;
}

/**
 * The numbers a search reads of a day's flights from one origin, side by side in typed arrays
 * (`flights[i]`'s at index i): departure and arrival instants, the arrival's local day, the lead
 * prices of build-offers.ts (the cheapest total of the search stamped `leadStamp`; the one kept
 * between searches of one kind, `sharedKey`, with the instants it holds between) and the
 * itinerary search's cheapest start into a flight (`reachStamp`, `reachCost`). A search walks
 * thousands of flights: read here, they are a few cache lines per route instead of an object and
 * its boxed numbers each, scattered over the heap.
 */
export class FlightSlots {
  readonly departures: Float64Array;
  readonly arrivals: Float64Array;
  readonly arrivalDays: Int32Array;
  readonly scheduleIds: Int32Array;
  readonly leadStamp: Int32Array;
  readonly leadTotal: Float64Array;
  readonly sharedKey: Int32Array;
  readonly sharedTotal: Float64Array;
  readonly sharedFrom: Float64Array;
  readonly sharedUntil: Float64Array;
  readonly reachStamp: Int32Array;
  readonly reachCost: Float64Array;
  /** `flights[i].fares`. */
  readonly fares: FareClass[][];
  /**
   * The demand model's seats left in each class on sale as of `demandSalesDay`: class
   * `fares[i][k]` at `demandSeats[demandSeatsFrom[i] + k]` (`keepDemandSeats`).
   */
  demandSeats: Int32Array = NO_SEATS;
  demandSeatsFrom: Int32Array = NO_SEATS;
  demandSalesDay = Number.NaN;

  constructor(readonly flights: DatedFlight[]) {
    const count = flights.length;
    this.departures = new Float64Array(count);
    this.arrivals = new Float64Array(count);
    this.arrivalDays = new Int32Array(count);
    this.scheduleIds = new Int32Array(count);
    this.leadStamp = new Int32Array(count);
    this.leadTotal = new Float64Array(count);
    this.sharedKey = new Int32Array(count);
    this.sharedTotal = new Float64Array(count);
    this.sharedFrom = new Float64Array(count);
    this.sharedUntil = new Float64Array(count);
    this.reachStamp = new Int32Array(count);
    this.reachCost = new Float64Array(count);
    this.fares = new Array(count);
    for (let i = 0; i < count; i++) {
      const flight = flights[i] as DatedFlight;
      this.fares[i] = flight.fares;
      this.departures[i] = flight.departUtc;
      this.arrivals[i] = flight.arriveUtc;
      this.arrivalDays[i] = flight.arrivalDay;
      this.scheduleIds[i] = flight.leg.id;
      flight.slots = this;
      flight.slot = i;
    }
  }

  /**
   * Keeps the demand model's seats left on a sales day beside the flights: a search pricing a
   * flight for the first time then reads them here instead of from the flight and its arrays.
   */
  keepDemandSeats(salesDay: number, seatsLeft: (flight: DatedFlight, classCode: string) => number): void {
    let count = 0;
    for (const fares of this.fares) count += fares.length;
    const seats = new Int32Array(count);
    const from = new Int32Array(this.flights.length);
    let at = 0;
    for (let i = 0; i < this.flights.length; i++) {
      const flight = this.flights[i] as DatedFlight;
      from[i] = at;
      for (const fare of this.fares[i] as FareClass[]) seats[at++] = seatsLeft(flight, fare.classCode);
    }
    this.demandSeats = seats;
    this.demandSeatsFrom = from;
    this.demandSalesDay = salesDay;
  }
}

const NO_SEATS = new Int32Array(0);

/** A flight's slots and index; a flight made outside a network's day index gets slots of its own. */
export function slotOf(flight: DatedFlight): { slots: FlightSlots; slot: number } {
  const slots = flight.slots ?? new FlightSlots([flight]);
  return { slots, slot: flight.slot as number };
}

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
   * What a search's first pricing of a flight reads of its classes on sale (`keepFareFacts`):
   * class `fares[i][k]` at `j = factsFrom[i] + k`, the demand model's seats left as of
   * `factsSalesDay` at `fareFacts[2j]`, and at `fareFacts[2j + 1]` its advance-purchase days
   * shifted left by 2, 2 when business cabin and 1 when open to foreigners (`FARE_BUSINESS`,
   * `FARE_FOREIGNERS`).
   */
  fareFacts: Int32Array = NO_FACTS;
  /** An adult's total in NPR in class j (most searches' price, without reading the fare). */
  adultNprTotals: Float64Array = NO_TOTALS;
  factsFrom: Int32Array = NO_FACTS;
  factsSalesDay = Number.NaN;

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
   * Keeps the demand model's seats left on a sales day and each class's terms beside the flights:
   * a search pricing a flight for the first time then reads them here instead of from the flight,
   * its arrays and its fare objects, scattered over the heap.
   */
  keepFareFacts(
    salesDay: number,
    seatsLeft: (flight: DatedFlight, classCode: string) => number,
    adultNprTotal: (fare: FareClass) => number,
  ): void {
    let count = 0;
    for (const fares of this.fares) count += fares.length;
    const facts = new Int32Array(2 * count);
    const totals = new Float64Array(count);
    const from = new Int32Array(this.flights.length);
    let j = 0;
    for (let i = 0; i < this.flights.length; i++) {
      const flight = this.flights[i] as DatedFlight;
      from[i] = j;
      for (const fare of this.fares[i] as FareClass[]) {
        const days = fare.advancePurchaseDays;
        // Terms that do not fit are read from the fares themselves.
        if (!Number.isInteger(days) || days < 0 || days >= 1 << 28) return;
        facts[2 * j] = seatsLeft(flight, fare.classCode);
        facts[2 * j + 1] =
          (days << 2) |
          (fare.cabin === 'business' ? FARE_BUSINESS : 0) |
          (fare.openToForeigners ? FARE_FOREIGNERS : 0);
        totals[j] = adultNprTotal(fare);
        j++;
      }
    }
    this.fareFacts = facts;
    this.adultNprTotals = totals;
    this.factsFrom = from;
    this.factsSalesDay = salesDay;
  }
}

/** `FlightSlots.fareFacts` flags. */
export const FARE_BUSINESS = 2;
export const FARE_FOREIGNERS = 1;

const NO_FACTS = new Int32Array(0);
const NO_TOTALS = new Float64Array(0);

/** A flight's slots and index; a flight made outside a network's day index gets slots of its own. */
export function slotOf(flight: DatedFlight): { slots: FlightSlots; slot: number } {
  const slots = flight.slots ?? new FlightSlots([flight]);
  return { slots, slot: flight.slot as number };
}

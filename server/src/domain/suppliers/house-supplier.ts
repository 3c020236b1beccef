import { between, eq, sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { flightSeats, type HeldSegment, seatHolds } from '../../db/schema/index';
import { type UnnestColumn, unnest } from '../../db/unnest';
import { AppError } from '../../errors';
import {
  buildOffers,
  type EngineOffer,
  flightTests,
  makeOffer,
  type OfferContext,
  sellableFares,
} from '../flight-engine/build-offers';
import { dateOf, dayOf, todayInNepal } from '../flight-engine/calendar';
import { demandSeatsLeft, demandSoldIn } from '../flight-engine/demand';
import { findItineraries, type ItinerarySummary } from '../flight-engine/find-itineraries';
import type { DatedFlight, FlightNetwork } from '../flight-engine/flight-network';
import { HOUSE_SUPPLIER, loadFlightNetwork } from '../flight-engine/load-flight-network';
import { decodeOfferId } from '../flight-engine/offer-id';
import { seatedPassengers } from '../flight-engine/price-offer';
import { releaseExpiredHolds, seatRow } from '../inventory/release-expired-holds';
import { newLocator } from './new-locator';
import type { Hold, HoldOutcome, PriceOfferResult, Supplier } from './supplier';

/**
 * Minimum connection time per airport, in minutes (estimate: an agency can change these).
 * Kathmandu's domestic-international transfer needs the most.
 */
export const MIN_CONNECTION_MINUTES: Record<string, number> = {
  KTM: 120,
  DOH: 60,
  DXB: 75,
  KUL: 60,
  BKK: 75,
  DEL: 90,
};
export const DEFAULT_MIN_CONNECTION_MINUTES = 45;
export const minConnectionMinutes = (airport: string) =>
  MIN_CONNECTION_MINUTES[airport] ?? DEFAULT_MIN_CONNECTION_MINUTES;

type SeatCounts = Map<string, { capacity: number; taken: number }>;
const seatKey = (scheduleId: number, day: number, classCode: string) => `${scheduleId}|${day}|${classCode}`;

/** Seats taken on every dated leg between two local days (rows exist only once seats were held). */
async function readSeatCounts(db: Db, fromDay: number, toDay: number): Promise<SeatCounts> {
  const rows = await db
    .select()
    .from(flightSeats)
    .where(between(flightSeats.flightDate, dateOf(fromDay), dateOf(toDay)));
  return new Map(
    rows.map((r) => [
      seatKey(r.scheduleId, dayOf(r.flightDate), r.classCode),
      { capacity: r.capacity, taken: r.held + r.sold },
    ]),
  );
}

/** Seat counts of the dated legs and classes an offer flies (rows exist only once seats were held). */
async function readSeatCountsOf(
  db: Db,
  segments: { flight: DatedFlight; classCode: string }[],
): Promise<SeatCounts> {
  const keys = segments.map(({ flight, classCode }) => ({
    scheduleId: flight.leg.id,
    flightDate: dateOf(flight.day),
    classCode,
  }));
  const rows = await queryRows<SeatRowState>(
    db,
    sql`select ${SEAT_ROW_STATE} from flight_seats
         where (schedule_id, flight_date, class_code) in (select * from ${unnest(keys, SEAT_ROW_KEY)})`,
  );
  return new Map(
    rows.map((r) => [seatKey(r.schedule_id, dayOf(r.flight_date), r.class_code), seatCountOf(r)]),
  );
}

/**
 * Searches read seat counts through a short cache: exact for seat writes made by this process
 * (each one bumps `seatWrites`), at most SEARCH_SEATS_CACHE_MS old for writes by other instances.
 * Re-pricing before booking and holds always read the database.
 */
const SEARCH_SEATS_CACHE_MS = 1_000;
let seatWrites = 0;
const seatCountCache = new WeakMap<
  Db,
  Map<string, { at: number; version: number; counts: Promise<SeatCounts> }>
>();

function searchSeatCounts(db: Db, fromDay: number, toDay: number): Promise<SeatCounts> {
  let byRange = seatCountCache.get(db);
  if (!byRange) {
    byRange = new Map();
    seatCountCache.set(db, byRange);
  }
  const key = `${fromDay}|${toDay}`;
  const cached = byRange.get(key);
  if (cached && cached.version === seatWrites && Date.now() - cached.at < SEARCH_SEATS_CACHE_MS)
    return cached.counts;
  const counts = readSeatCounts(db, fromDay, toDay);
  if (byRange.size > 256) byRange.clear();
  byRange.set(key, { at: Date.now(), version: seatWrites, counts });
  counts.catch(() => byRange.delete(key));
  return counts;
}

/** The schedules that have seat rows in `counts` (worked out once per counts read). */
const schedulesWithRows = new WeakMap<SeatCounts, Set<number>>();

function schedulesIn(counts: SeatCounts): Set<number> {
  let ids = schedulesWithRows.get(counts);
  if (!ids) {
    ids = new Set();
    for (const key of counts.keys()) ids.add(Number(key.slice(0, key.indexOf('|'))));
    schedulesWithRows.set(counts, ids);
  }
  return ids;
}

/**
 * Seats left in a class: the leg's capacity less the seats the demand model has sold elsewhere by
 * `salesDay` and the seats held and sold in Tikat.
 */
function seatsFrom(counts: SeatCounts, salesDay: number): Pick<OfferContext, 'seatsLeft' | 'demandOnly'> {
  // Most flights have no seat row yet: they skip building the row's key.
  const withRows = schedulesIn(counts);
  return {
    seatsLeft: (flight, classCode) => {
      const row = withRows.has(flight.leg.id)
        ? counts.get(seatKey(flight.leg.id, flight.day, classCode))
        : undefined;
      if (!row) return demandSeatsLeft(flight, classCode, salesDay);
      return Math.max(0, row.capacity - row.taken - demandSoldIn(flight, classCode, salesDay));
    },
    // A schedule with no seat row in Tikat on these days: the demand model's seats alone.
    demandOnly: { salesDay, covers: (scheduleId) => !withRows.has(scheduleId) },
  };
}

/** Finds the dated flights and classes an offer id names, or undefined when one no longer flies. */
function resolveOffer(network: FlightNetwork, offerId: string) {
  const ref = decodeOfferId(offerId);
  if (!ref || ref.supplier !== HOUSE_SUPPLIER) return undefined;
  const segments: { flight: DatedFlight; classCode: string }[] = [];
  for (const s of ref.segments) {
    const flight = network.findFlight(s.airlineCode, s.flightNumber, s.origin, s.destination, s.day);
    if (!flight?.fares.some((f) => f.classCode === s.classCode)) return undefined;
    segments.push({ flight, classCode: s.classCode });
  }
  return { ref, segments };
}

/** The built-in inventory: schedules, fares and seat rows in this database. */
export const houseSupplier: Supplier = {
  id: HOUSE_SUPPLIER,

  async search(db, options) {
    const { network } = await loadFlightNetwork(db);
    const allDays = options.legs.flatMap((leg) => leg.days);
    // Connections may leave up to two days after the first departure.
    const counts = await searchSeatCounts(db, Math.min(...allDays), Math.max(...allDays) + 2);
    const context: OfferContext = {
      ...options.context,
      supplier: HOUSE_SUPPLIER,
      ...seatsFrom(counts, todayInNepal(options.context.notBeforeUtc)),
    };
    const tests = flightTests(
      context,
      options.cancelledFlightIds?.size ? network.datedFlightsNamed(options.cancelledFlightIds) : undefined,
    );
    return options.legs.map((leg) =>
      leg.days.map((day) => {
        const summaries: ItinerarySummary[] = [];
        const itineraries = findItineraries(
          network,
          {
            origin: leg.origin,
            destination: leg.destination,
            day,
            maxStops: options.maxStops,
            ...tests,
            minConnectionMinutes,
          },
          summaries,
        );
        return { day, offers: buildOffers(itineraries, context, undefined, summaries) };
      }),
    );
  },

  async price(db, options): Promise<PriceOfferResult> {
    const { network } = await loadFlightNetwork(db);
    const resolved = resolveOffer(network, options.offerId);
    if (!resolved) return { status: 'gone' };
    const { ref, segments } = resolved;
    if (segments.some((s) => s.flight.departUtc < options.notBeforeUtc)) return { status: 'gone' };
    if (options.cancelledFlightIds?.size) {
      const cancelled = network.datedFlightsNamed(options.cancelledFlightIds);
      if (segments.some((s) => cancelled.has(s.flight))) return { status: 'gone' };
    }
    const counts: SeatCounts =
      options.countSeats === false ? new Map() : await readSeatCountsOf(db, segments);
    const context: OfferContext = {
      supplier: HOUSE_SUPPLIER,
      tier: ref.tier,
      passengers: ref.passengers,
      agent: options.agent,
      grantedCommissionPercent: options.grantedCommissionPercent,
      cabin: '',
      notBeforeUtc: options.notBeforeUtc,
      ...seatsFrom(counts, todayInNepal(options.notBeforeUtc)),
    };
    const chosen = [];
    for (const { flight, classCode } of segments) {
      const fare = flight.fares.find((f) => f.classCode === classCode);
      if (!fare) return { status: 'gone' };
      const sellable = sellableFares(flight, context).find((f) => f.fare.classCode === classCode);
      if (!sellable) {
        const seatsLeft = context.seatsLeft(flight, classCode);
        return seatsLeft < seatedPassengers(ref.passengers) ? { status: 'sold_out' } : { status: 'gone' };
      }
      chosen.push(sellable);
    }
    return {
      status: 'available',
      offer: makeOffer(
        segments.map((s) => s.flight),
        chosen,
        context,
      ),
    };
  },

  async holdMany(db, requests): Promise<HoldOutcome[]> {
    const wanted = requests.map(({ offers }) => offers.flatMap((offer) => heldSegmentsOf(offer)));
    const outcomes = await inTransaction(db, async (tx) => {
      const rows = distinctSeatRows(wanted.flat());
      let allocation = allocateSeats(wanted, await lockSeatRows(tx, rows));
      // Lapsed holds give their seats back before anyone is told a flight is full.
      if (allocation.granted.some((g) => g !== true) && (await releaseExpiredHolds(tx)) > 0) {
        seatWrites++;
        allocation = allocateSeats(wanted, await lockSeatRows(tx, rows));
      }
      const { granted, added } = allocation;
      const outcomes: HoldOutcome[] = requests.map(({ offers, expiresAt }, i) => {
        const verdict = granted[i];
        if (verdict === true)
          return { holds: offers.map((offer) => ({ locator: newLocator(), offer, expiresAt })) };
        return { soldOutOffer: offerOfSegment(offers, verdict ?? 0) };
      });
      const holds = outcomes.flatMap((outcome) => ('holds' in outcome ? outcome.holds : []));
      if (holds.length > 0) await writeHolds(tx, added, holds);
      return outcomes;
    });
    seatWrites++;
    return outcomes;
  },

  async issue(db, { locator }) {
    await db.transaction(async (tx) => {
      const hold = await lockHold(tx, locator);
      if (hold.status !== 'held') throw new AppError('CONFLICT', `Booking ${locator} is ${hold.status}.`);
      if (hold.expiresAt.getTime() < Date.now())
        throw new AppError('OFFER_EXPIRED', 'The seats were held too long and have been released.');
      for (const segment of hold.segments) {
        await tx
          .update(flightSeats)
          .set({
            held: sql`${flightSeats.held} - ${segment.seats}`,
            sold: sql`${flightSeats.sold} + ${segment.seats}`,
          })
          .where(seatRow(segment));
      }
      await tx
        .update(seatHolds)
        .set({ status: 'issued', updatedAt: new Date() })
        .where(eq(seatHolds.locator, locator));
    });
    seatWrites++;
  },

  async cancel(db, { locator }) {
    await db.transaction(async (tx) => {
      const hold = await lockHold(tx, locator);
      if (hold.status === 'cancelled' || hold.status === 'expired') return;
      const column = hold.status === 'held' ? flightSeats.held : flightSeats.sold;
      for (const segment of hold.segments) {
        await tx
          .update(flightSeats)
          .set(
            hold.status === 'held'
              ? { held: sql`${column} - ${segment.seats}` }
              : { sold: sql`${column} - ${segment.seats}` },
          )
          .where(seatRow(segment));
      }
      await tx
        .update(seatHolds)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(eq(seatHolds.locator, locator));
    });
    seatWrites++;
  },
};

/** The seats an offer takes on each of its dated legs, with the leg's capacity in that class. */
function heldSegmentsOf(
  offer: EngineOffer,
  salesDay = todayInNepal(),
): (HeldSegment & { capacity: number; demand: number })[] {
  const seats = seatedPassengers(
    decodeOfferId(offer.id)?.passengers ?? { adults: 1, children: 0, infants: 0 },
  );
  return offer.segments.map((s) => ({
    scheduleId: s.flight.leg.id,
    flightDate: dateOf(s.flight.day),
    classCode: s.fare.classCode,
    seats,
    capacity: s.flight.leg.seatsByClass[s.fare.classCode] ?? 0,
    demand: demandSoldIn(s.flight, s.fare.classCode, salesDay),
  }));
}

type SeatRowKey = string;
const rowKey = (row: Omit<HeldSegment, 'seats'>): SeatRowKey =>
  `${row.scheduleId}|${row.flightDate}|${row.classCode}`;
function keyToRow(key: SeatRowKey): Omit<HeldSegment, 'seats'> {
  const [scheduleId, flightDate, classCode] = key.split('|');
  return { scheduleId: Number(scheduleId), flightDate: flightDate ?? '', classCode: classCode ?? '' };
}

/** The seat rows some segments touch, once each, in the one order every locker uses. */
function distinctSeatRows(segments: (HeldSegment & { capacity: number })[]) {
  const rows = new Map<SeatRowKey, typeof flightSeats.$inferInsert>();
  for (const { scheduleId, flightDate, classCode, capacity } of segments)
    rows.set(rowKey({ scheduleId, flightDate, classCode }), { scheduleId, flightDate, classCode, capacity });
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

const SEAT_ROW_KEY: UnnestColumn<Omit<HeldSegment, 'seats'>>[] = [
  ['integer', (r) => r.scheduleId],
  ['date', (r) => r.flightDate],
  ['text', (r) => r.classCode],
];

/** A seat row as the hand-written statements here select it (`SEAT_ROW_STATE`). */
interface SeatRowState {
  schedule_id: number;
  flight_date: string;
  class_code: string;
  capacity: number;
  taken: number;
}
const SEAT_ROW_STATE = sql.raw(
  'flight_seats.schedule_id, flight_seats.flight_date::text as flight_date, flight_seats.class_code, ' +
    'flight_seats.capacity, flight_seats.held + flight_seats.sold as taken',
);
const seatCountOf = (r: SeatRowState) => ({ capacity: r.capacity, taken: r.taken });

/**
 * Creates the seat rows of flights held for the first time and locks every row (in the caller's
 * transaction), in one statement: the upsert's no-op update takes each row's lock, in the sorted
 * order `rows` come in, so batches racing in other instances wait for each other instead of
 * deadlocking. Answers the seats free on each row.
 */
async function lockSeatRows(tx: Db, rows: (typeof flightSeats.$inferInsert)[]) {
  const locked = await queryRows<SeatRowState>(
    tx,
    sql`insert into flight_seats (schedule_id, flight_date, class_code, capacity)
        select * from ${unnest(rows, [...SEAT_ROW_KEY, ['integer', (r) => r.capacity]])}
        on conflict (schedule_id, flight_date, class_code)
          do update set capacity = flight_seats.capacity
        returning ${SEAT_ROW_STATE}`,
  );
  return new Map(
    locked.map((r) => [
      rowKey({ scheduleId: r.schedule_id, flightDate: r.flight_date, classCode: r.class_code }),
      r.capacity - r.taken,
    ]),
  );
}

/** Adds the seats taken to their (locked) rows and records the holds, in one statement. */
async function writeHolds(tx: Db, added: Map<SeatRowKey, number>, holds: Hold[]): Promise<void> {
  const taken = [...added].map(([key, seats]) => ({ ...keyToRow(key), seats }));
  await tx.execute(sql`
    with taken as (
      update flight_seats set held = flight_seats.held + taken.seats
        from ${unnest(taken, [...SEAT_ROW_KEY, ['integer', (r) => r.seats]])}
          as taken (schedule_id, flight_date, class_code, seats)
       where flight_seats.schedule_id = taken.schedule_id
         and flight_seats.flight_date = taken.flight_date
         and flight_seats.class_code = taken.class_code)
    insert into seat_holds (locator, offer_id, status, segments, total, currency, expires_at)
    select locator, offer_id, 'held', segments, total, currency, expires_at
      from ${unnest(holds, [
        ['text', (h) => h.locator],
        ['text', (h) => h.offer.id],
        ['jsonb', (h) => heldSegmentsOf(h.offer).map(({ capacity: _, demand: __, ...segment }) => segment)],
        ['integer', (h) => h.offer.price.total],
        ['text', (h) => h.offer.price.currency],
        ['timestamptz', (h) => h.expiresAt],
      ])} as held (locator, offer_id, segments, total, currency, expires_at)`);
}

/**
 * First come, first served: each request gets all its segments' seats or none. Answers, per
 * request, `true` or the index of its first segment that does not fit, and the seats added per row.
 */
function allocateSeats(wanted: (HeldSegment & { demand: number })[][], free: Map<SeatRowKey, number>) {
  const added = new Map<SeatRowKey, number>();
  // Seats the demand model has sold elsewhere are not there to hold.
  const demand = new Map<SeatRowKey, number>();
  for (const s of wanted.flat()) demand.set(rowKey(s), s.demand);
  const granted = wanted.map((segments): true | number => {
    const short = segments.findIndex((s) => {
      const key = rowKey(s);
      const needed = segments.filter((other) => rowKey(other) === key).reduce((n, o) => n + o.seats, 0);
      return (free.get(key) ?? 0) - (demand.get(key) ?? 0) - (added.get(key) ?? 0) < needed;
    });
    if (short >= 0) return short;
    for (const s of segments) added.set(rowKey(s), (added.get(rowKey(s)) ?? 0) + s.seats);
    return true;
  });
  return { granted, added };
}

/** The offer a request's n-th segment (counted over all its offers) belongs to. */
function offerOfSegment(offers: EngineOffer[], segmentIndex: number): EngineOffer {
  let remaining = segmentIndex;
  for (const offer of offers) {
    if (remaining < offer.segments.length) return offer;
    remaining -= offer.segments.length;
  }
  return offers[0] as EngineOffer;
}

async function lockHold(tx: Db, locator: string) {
  const [hold] = await tx.select().from(seatHolds).where(eq(seatHolds.locator, locator)).for('update');
  if (!hold) throw new AppError('NOT_FOUND', `There is no booking ${locator}.`);
  return hold;
}

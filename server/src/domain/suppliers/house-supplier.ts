import { randomInt } from 'node:crypto';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flightSeats, type HeldSegment, seatHolds } from '../../db/schema/index';
import { AppError } from '../../errors';
import {
  buildOffers,
  type EngineOffer,
  flightTests,
  makeOffer,
  type OfferContext,
  sellableFares,
} from '../flights/engine/build-offers';
import { dateOf, dayOf } from '../flights/engine/calendar';
import { findItineraries } from '../flights/engine/find-itineraries';
import type { DatedFlight, FlightNetwork } from '../flights/engine/flight-network';
import { decodeOfferId } from '../flights/engine/offer-id';
import { seatedPassengers } from '../flights/engine/price-offer';
import { HOUSE_SUPPLIER, loadFlightNetwork } from '../flights/load-flight-network';
import { releaseExpiredHolds, seatRow } from '../inventory/release-expired-holds';
import type { Hold, PriceOfferResult, Supplier } from './supplier';

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

function seatsLeftFrom(counts: SeatCounts) {
  return (flight: DatedFlight, classCode: string) => {
    const row = counts.get(seatKey(flight.leg.id, flight.day, classCode));
    const left = row ? row.capacity - row.taken : (flight.leg.seatsByClass[classCode] ?? 0);
    return Math.max(0, left);
  };
}

/** Record locator: six letters and digits without 0, 1, I, L, O. */
export function newLocator(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
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
      seatsLeft: seatsLeftFrom(counts),
    };
    const tests = flightTests(context);
    return options.legs.map((leg) =>
      leg.days.map((day) => {
        const itineraries = findItineraries(network, {
          origin: leg.origin,
          destination: leg.destination,
          day,
          maxStops: options.maxStops,
          ...tests,
          minConnectionMinutes,
        });
        return { day, offers: buildOffers(itineraries, context) };
      }),
    );
  },

  async price(db, options): Promise<PriceOfferResult> {
    const { network } = await loadFlightNetwork(db);
    const resolved = resolveOffer(network, options.offerId);
    if (!resolved) return { status: 'gone' };
    const { ref, segments } = resolved;
    if (segments.some((s) => s.flight.departUtc < options.notBeforeUtc)) return { status: 'gone' };
    const days = segments.map((s) => s.flight.day);
    const counts = await readSeatCounts(db, Math.min(...days), Math.max(...days));
    const context: OfferContext = {
      supplier: HOUSE_SUPPLIER,
      tier: ref.tier,
      passengers: ref.passengers,
      agent: options.agent,
      commissionPercent: options.commissionPercent,
      cabin: '',
      notBeforeUtc: options.notBeforeUtc,
      seatsLeft: seatsLeftFrom(counts),
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

  async hold(db, options): Promise<Hold> {
    // Lapsed holds give their seats back before anyone is told a flight is full.
    if ((await db.transaction((tx) => releaseExpiredHolds(tx))) > 0) seatWrites++;
    const priced = await this.price(db, {
      offerId: options.offerId,
      agent: false,
      commissionPercent: 0,
      notBeforeUtc: Date.now(),
    });
    if (priced.status === 'gone') throw new AppError('OFFER_EXPIRED');
    if (priced.status === 'sold_out') throw new AppError('SOLD_OUT');
    const offer: EngineOffer = priced.offer;
    if (offer.price.total !== options.expectedTotal) {
      throw new AppError('PRICE_CHANGED', undefined, undefined, {
        offer_id: offer.id,
        old_price: { total: options.expectedTotal, currency: offer.price.currency },
        new_price: { total: offer.price.total, currency: offer.price.currency },
      });
    }
    const seats = seatedPassengers(
      decodeOfferId(offer.id)?.passengers ?? { adults: 1, children: 0, infants: 0 },
    );
    const held: HeldSegment[] = offer.segments.map((s) => ({
      scheduleId: s.flight.leg.id,
      flightDate: dateOf(s.flight.day),
      classCode: s.fare.classCode,
      seats,
    }));
    const locator = newLocator();
    await db.transaction(async (tx) => {
      for (const [i, segment] of held.entries()) {
        const leg = offer.segments[i]?.flight.leg;
        await tx
          .insert(flightSeats)
          .values({
            scheduleId: segment.scheduleId,
            flightDate: segment.flightDate,
            classCode: segment.classCode,
            capacity: leg?.seatsByClass[segment.classCode] ?? 0,
          })
          .onConflictDoNothing();
        const updated = await tx
          .update(flightSeats)
          .set({ held: sql`${flightSeats.held} + ${segment.seats}` })
          .where(
            and(
              seatRow(segment),
              sql`${flightSeats.capacity} - ${flightSeats.held} - ${flightSeats.sold} >= ${segment.seats}`,
            ),
          )
          .returning({ held: flightSeats.held });
        if (updated.length === 0) throw new AppError('SOLD_OUT');
      }
      await tx.insert(seatHolds).values({
        locator,
        offerId: offer.id,
        status: 'held',
        segments: held,
        total: offer.price.total,
        currency: offer.price.currency,
        expiresAt: options.expiresAt,
      });
    });
    seatWrites++;
    return { locator, offer, expiresAt: options.expiresAt };
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

async function lockHold(tx: Db, locator: string) {
  const [hold] = await tx.select().from(seatHolds).where(eq(seatHolds.locator, locator)).for('update');
  if (!hold) throw new AppError('NOT_FOUND', `There is no booking ${locator}.`);
  return hold;
}

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Booking, CreateBookingRequest, PassengerInput } from '#shared/bookings';
import type { FlightOffer, OfferSegment } from '#shared/flights';
import type { Db } from '../db/client';
import { flightSchedules, flightSeats, users, walletEntries } from '../db/schema/index';
import type { EngineOffer } from '../domain/flight-engine/build-offers';
import { dateOf, dayOf, todayInNepal } from '../domain/flight-engine/calendar';
import { demandSoldIn } from '../domain/flight-engine/demand';
import { loadFlightNetwork } from '../domain/flight-engine/load-flight-network';
import type { Hold, Supplier } from '../domain/suppliers/supplier';
import { AppError } from '../errors';
import { api, DEMO_PASSWORD } from './accounts';
import type { TestApp } from './test-app';

export const inDays = (n: number) => dateOf(todayInNepal() + n);

export interface SearchOptions {
  from?: string;
  to?: string;
  days?: number;
  adults?: number;
  children?: number;
  infants?: number;
  nationality?: string;
  cookie?: string;
  /** Keep only direct flights. */
  direct?: boolean;
  /** The brand's host (default: Sajilo's). */
  host?: string;
}

/** The cheapest (first) offer of a one-way search, as the signed-in caller sees it. */
export async function findOffer(t: TestApp, options: SearchOptions = {}): Promise<FlightOffer> {
  const offers = await findOffers(t, options);
  const offer = offers[0];
  if (!offer) throw new Error(`no offer ${JSON.stringify(options)}`);
  return offer;
}

export async function findOffers(t: TestApp, options: SearchOptions = {}): Promise<FlightOffer[]> {
  const response = await api(t, {
    method: 'POST',
    url: '/flights/search',
    cookie: options.cookie,
    host: options.host,
    payload: {
      depart_code: options.from ?? 'KTM',
      dest_code: options.to ?? 'PKR',
      depart_date: inDays(options.days ?? 3),
      nationality_code: options.nationality ?? 'NP',
      adults: options.adults ?? 1,
      children: options.children ?? 0,
      infants: options.infants ?? 0,
    },
  });
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.body}`);
  const offers = response.json().data.legs[0].offers as FlightOffer[];
  return options.direct === false ? offers : offers.filter((o) => o.stops === 0);
}

export const adult = (extra: Partial<PassengerInput> = {}): PassengerInput => ({
  type: 'adult',
  title: 'Mr',
  first_name: 'Hari',
  last_name: 'Thapa',
  gender: 'male',
  nationality: 'NP',
  ...extra,
});

export const contact = { name: 'Hari Thapa', email: 'hari@example.com', mobile: '+9779812345678' };

export function bookingBody(
  offers: FlightOffer[],
  passengers: PassengerInput[] = [adult()],
): CreateBookingRequest {
  return { offers: offers.map((o) => ({ id: o.id, total: o.price.total })), passengers, contact };
}

/** POST /bookings with a fresh (or the given) Idempotency-Key. */
export function postBooking(
  t: TestApp,
  cookie: string,
  body: unknown,
  key: string = randomUUID(),
  host?: string,
) {
  return api(t, {
    host,
    method: 'POST',
    url: '/bookings',
    cookie,
    payload: body as object,
    headers: { 'idempotency-key': key },
  });
}

/** POST /bookings/:pnr/payments with a method (`wallet`, `esewa`, `khalti`, `connectips`). */
export function payBooking(t: TestApp, cookie: string, pnr: string, method: string, host?: string) {
  return api(t, { method: 'POST', url: `/bookings/${pnr}/payments`, cookie, host, payload: { method } });
}

/** A user's wallet: the balance on their row and the sum of their ledger (they must agree). */
export async function walletOf(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amount}), 0)::text` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, user.id));
  return { id: user.id, balance: user.walletBalance, ledger: Number(sum?.total) };
}

/** Books the first direct KTM→PKR offer for one adult; answers the booking. */
export async function holdBooking(t: TestApp, cookie: string, options: SearchOptions = {}): Promise<Booking> {
  const offer = await findOffer(t, { cookie, ...options });
  const response = await postBooking(t, cookie, bookingBody([offer]), randomUUID(), options.host);
  if (response.statusCode !== 200) throw new Error(`booking failed: ${response.body}`);
  return response.json().data as Booking;
}

/** Holds one offer's seats with its supplier, outside any booking; throws SOLD_OUT when they are gone. */
export async function holdSeats(
  supplier: Supplier,
  db: Db,
  { offer, expiresAt }: { offer: EngineOffer; expiresAt: Date },
): Promise<Hold> {
  const [outcome] = await supplier.holdMany(db, [{ offers: [offer], expiresAt }]);
  const hold = outcome && 'holds' in outcome ? outcome.holds[0] : undefined;
  if (!hold) throw new AppError('SOLD_OUT');
  return hold;
}

/**
 * Sets the seats of one offer segment's dated flight and class: `left` seats remain on sale
 * (the rest counted as sold, in Tikat or by the demand model elsewhere) out of `capacity`
 * (default: the schedule's own).
 */
export async function setSeatsLeft(
  db: Db,
  segment: OfferSegment,
  options: { left: number; capacity?: number },
): Promise<{ scheduleId: number; flightDate: string; classCode: string }> {
  const [airline, number] = segment.flight_number.split(' ');
  const [schedule] = await db
    .select({ id: flightSchedules.id, seats: flightSchedules.seatsByClass })
    .from(flightSchedules)
    .where(
      and(
        eq(flightSchedules.airlineCode, airline ?? ''),
        eq(flightSchedules.flightNumber, number ?? ''),
        eq(flightSchedules.origin, segment.depart_code),
        eq(flightSchedules.destination, segment.dest_code),
      ),
    );
  if (!schedule) throw new Error(`no schedule for ${segment.flight_number}`);
  const capacity = options.capacity ?? schedule.seats[segment.class_code] ?? 0;
  const row = {
    scheduleId: schedule.id,
    flightDate: segment.depart_at.slice(0, 10),
    classCode: segment.class_code,
  };
  const { network } = await loadFlightNetwork(db);
  const flight = network.findFlight(
    airline ?? '',
    number ?? '',
    segment.depart_code,
    segment.dest_code,
    dayOf(row.flightDate),
  );
  const soldElsewhere = flight ? demandSoldIn(flight, segment.class_code, todayInNepal()) : 0;
  // When the demand model has sold more than `capacity - left`, the row's capacity grows to fit.
  const rowCapacity = Math.max(capacity, soldElsewhere + options.left);
  const sold = rowCapacity - soldElsewhere - options.left;
  await db
    .insert(flightSeats)
    .values({ ...row, capacity: rowCapacity, held: 0, sold })
    .onConflictDoUpdate({
      target: [flightSeats.scheduleId, flightSeats.flightDate, flightSeats.classCode],
      set: { capacity: rowCapacity, held: 0, sold },
    });
  return row;
}

/** Logs a demo user in over real HTTP (another process or instance) and answers the bearer token. */
export async function bearerOverHttp(origin: string, login = 'agent@sajilo.example'): Promise<string> {
  const response = await fetch(`${origin}/api/b2b/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD, session: 'bearer' }),
  });
  if (response.status !== 200) throw new Error(`log-in failed: ${await response.text()}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

import { eq, sql } from 'drizzle-orm';
import type { FlightOffer } from '#shared/flights';
import { type HoldLimits, NEW_ACCOUNT_HOURS } from '#shared/hold-limits';
import { type Db, queryRows } from '../../../db/client';
import { brands } from '../../../db/schema/index';
import { AppError, invalidFields } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/record-audit';

/**
 * Seat hoarding limits (spec §16.4, docs/decisions/0009-hold-limits.md): the platform's (from the
 * environment) and a brand's own, which may only be tighter.
 */

/** The platform's limits, from the environment. */
export function platformHoldLimits(env: {
  HOLD_LIMIT_UNPAID_BOOKINGS: number;
  HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: number;
  HOLD_LIMIT_NEW_ACCOUNT_HOLDS_PER_ADDRESS: number;
}): HoldLimits {
  return {
    unpaidBookings: env.HOLD_LIMIT_UNPAID_BOOKINGS,
    unpaidSeatsPerFlight: env.HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT,
    newAccountHoldsPerAddress: env.HOLD_LIMIT_NEW_ACCOUNT_HOLDS_PER_ADDRESS,
  };
}

/** Whether an account is new enough to be limited by the address it books from too. */
export const isNewAccount = (user: { createdAt: Date }, now = Date.now()) =>
  now - user.createdAt.getTime() < NEW_ACCOUNT_HOURS * 3_600_000;

/** The limits in force on a brand: each the brand's own where lower, else the platform's. */
export async function holdLimitsOf(db: Db, brandId: string, platform: HoldLimits): Promise<HoldLimits> {
  const [brand] = await db.select({ own: brands.holdLimits }).from(brands).where(eq(brands.id, brandId));
  const own = brand?.own;
  return {
    unpaidBookings: Math.min(own?.unpaidBookings ?? platform.unpaidBookings, platform.unpaidBookings),
    unpaidSeatsPerFlight: Math.min(
      own?.unpaidSeatsPerFlight ?? platform.unpaidSeatsPerFlight,
      platform.unpaidSeatsPerFlight,
    ),
    newAccountHoldsPerAddress: Math.min(
      own?.newAccountHoldsPerAddress ?? platform.newAccountHoldsPerAddress,
      platform.newAccountHoldsPerAddress,
    ),
  };
}

/** Sets the brand's own limits, each at most the platform's (400 naming the field); audited. */
export async function setBrandHoldLimits(
  db: Db,
  options: { brandId: string; actor: AuditActor; limits: HoldLimits; platform: HoldLimits },
): Promise<HoldLimits> {
  const fields: Record<string, string> = {};
  for (const key of Object.keys(options.platform) as (keyof HoldLimits)[]) {
    if (options.limits[key] > options.platform[key]) {
      fields[key] = `A brand may only tighten this limit: at most ${options.platform[key]}.`;
    }
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return db.transaction(async (tx) => {
    const before = await holdLimitsOf(tx, options.brandId, options.platform);
    await tx
      .update(brands)
      .set({ holdLimits: options.limits, updatedAt: sql`now()` })
      .where(eq(brands.id, options.brandId));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'brand.hold-limits',
      entityType: 'brand',
      entityId: options.brandId,
      before,
      after: options.limits,
    });
    return options.limits;
  });
}

/** One hold about to be written: whose, under which limits, on which flights, for how many seats. */
export interface HoldRequest {
  userId: string;
  limits: HoldLimits;
  offers: Pick<FlightOffer, 'segments'>[];
  /** Passengers on seats (infants travel on a lap). */
  seats: number;
}

/** The flights of a hold, each on its day: `N9 101 2026-05-01` (local date of departure) is the key. */
const flightsOf = (offers: HoldRequest['offers']) => {
  const flights = new Map<string, { number: string; date: string }>();
  for (const segment of offers.flatMap((o) => o.segments)) {
    const date = segment.depart_at.slice(0, 10);
    flights.set(`${segment.flight_number} ${date}`, { number: segment.flight_number, date });
  }
  return flights;
};

const addTo = (counts: Map<string, number>, key: string, n: number) =>
  counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * Serializes holds per account: each account's row is locked until the transaction ends, so two
 * holds of one account (on any instance) are counted one after the other. Call before writing.
 */
export async function lockAccounts(tx: Db, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await queryRows(
    tx,
    sql`select id from users where id = any(${sql.param(ids)}::uuid[]) order by id for no key update`,
  );
}

/**
 * For each request in order, the refusal if holding it would pass its account's limits, counting
 * the account's unpaid holds (held and not lapsed, other than `exceptBookingIds`) and the requests
 * before it. Requests refused do not count towards later ones.
 */
export async function holdLimitRefusals(
  tx: Db,
  requests: HoldRequest[],
  exceptBookingIds: string[],
): Promise<(AppError | undefined)[]> {
  if (requests.length === 0) return [];
  const userIds = [...new Set(requests.map((r) => r.userId))];
  // One row per unpaid booking and flight it holds (a booking on no flight yet: flight null).
  const rows = await queryRows<{ user_id: string; booking_id: string; flight: string | null; seats: number }>(
    tx,
    sql`select distinct b.user_id, b.id as booking_id,
          (seg->>'flight_number') || ' ' || left(seg->>'depart_at', 10) as flight,
          (select count(*) from booking_passengers p where p.booking_id = b.id and p.type <> 'infant')::int as seats
        from bookings b
        left join booking_legs l on l.booking_id = b.id
        left join lateral jsonb_array_elements(l.offer->'segments') seg on true
        where b.user_id = any(${sql.param(userIds)}::uuid[])
          and b.status = 'held' and b.expires_at > now()
          and not (b.id = any(${sql.param(exceptBookingIds)}::uuid[]))`,
  );
  /** Per account, its unpaid bookings; per account and flight, its unpaid seats. */
  const unpaidBookings = new Map<string, number>();
  const unpaidSeats = new Map<string, number>();
  const bookingsSeen = new Set<string>();
  for (const row of rows) {
    if (!bookingsSeen.has(row.booking_id)) {
      bookingsSeen.add(row.booking_id);
      addTo(unpaidBookings, row.user_id, 1);
    }
    if (row.flight) addTo(unpaidSeats, `${row.user_id}|${row.flight}`, Number(row.seats));
  }
  return requests.map((request) => {
    const held = unpaidBookings.get(request.userId) ?? 0;
    if (held + 1 > request.limits.unpaidBookings) {
      return new AppError(
        'UNPAID_BOOKINGS_LIMIT',
        `You already have ${held} bookings waiting for payment, the most you may hold at once. Please pay for or cancel one before holding another.`,
        undefined,
        { limit: request.limits.unpaidBookings },
      );
    }
    const flights = flightsOf(request.offers);
    for (const [flight, { number, date }] of flights) {
      const seats = (unpaidSeats.get(`${request.userId}|${flight}`) ?? 0) + request.seats;
      if (seats > request.limits.unpaidSeatsPerFlight) {
        return new AppError(
          'UNPAID_SEATS_LIMIT',
          `You may hold at most ${request.limits.unpaidSeatsPerFlight} unpaid seats on flight ${number} on ${date}. Please pay for the seats you hold before holding more.`,
          undefined,
          { limit: request.limits.unpaidSeatsPerFlight, flight },
        );
      }
    }
    addTo(unpaidBookings, request.userId, 1);
    for (const flight of flights.keys()) addTo(unpaidSeats, `${request.userId}|${flight}`, request.seats);
    return undefined;
  });
}

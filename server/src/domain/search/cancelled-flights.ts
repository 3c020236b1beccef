import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flightDisruptions } from '../../db/schema/index';
import { dateOf, todayInNepal } from '../flight-engine/calendar';

/**
 * The dated flights (`U4601-2026-05-01`) a brand's admins have marked cancelled from today on:
 * the brand's searches, fare calendar and price checks never offer them again.
 */
export async function brandCancelledFlightIds(
  db: Db,
  brandId: string,
  now = Date.now(),
): Promise<Set<string>> {
  const rows = await db
    .select({ flightId: flightDisruptions.flightId })
    .from(flightDisruptions)
    .where(
      and(
        eq(flightDisruptions.brandId, brandId),
        eq(flightDisruptions.change, 'cancelled'),
        gte(sql`right(${flightDisruptions.flightId}, 10)`, dateOf(todayInNepal(now) - 1)),
      ),
    );
  return new Set(rows.map((row) => row.flightId));
}

import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookingDisruptions, flightDisruptions } from '../../../db/schema/index';
import { AppError } from '../../../errors';

export type OpenDisruption = typeof flightDisruptions.$inferSelect;

/** The booking's latest disruption not yet answered (accepted, rebooked, refunded), or NO_OPEN_DISRUPTION. */
export async function findOpenDisruption(db: Db, bookingId: string): Promise<OpenDisruption> {
  const [row] = await db
    .select({ disruption: flightDisruptions })
    .from(bookingDisruptions)
    .innerJoin(flightDisruptions, eq(flightDisruptions.id, bookingDisruptions.disruptionId))
    .where(and(eq(bookingDisruptions.bookingId, bookingId), isNull(bookingDisruptions.resolution)))
    .orderBy(desc(flightDisruptions.createdAt))
    .limit(1);
  if (!row) throw new AppError('NO_OPEN_DISRUPTION');
  return row.disruption;
}

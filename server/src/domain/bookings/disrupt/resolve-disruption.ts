import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookingDisruptions, type DisruptionResolution } from '../../../db/schema/index';
import { AppError } from '../../../errors';

/**
 * Records how the booking answered a disruption, once: a second answer (another tab, the agent
 * and the traveller at once) is NO_OPEN_DISRUPTION and rolls the caller's transaction back.
 */
export async function resolveDisruption(
  tx: Db,
  options: { bookingId: string; disruptionId: string; resolution: DisruptionResolution; by: string },
): Promise<void> {
  const updated = await tx
    .update(bookingDisruptions)
    .set({ resolution: options.resolution, resolvedAt: sql`now()`, resolvedBy: options.by })
    .where(
      and(
        eq(bookingDisruptions.bookingId, options.bookingId),
        eq(bookingDisruptions.disruptionId, options.disruptionId),
        isNull(bookingDisruptions.resolution),
      ),
    )
    .returning({ bookingId: bookingDisruptions.bookingId });
  if (updated.length === 0) throw new AppError('NO_OPEN_DISRUPTION');
}

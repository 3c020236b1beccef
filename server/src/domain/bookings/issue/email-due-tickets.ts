import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookings } from '../../../db/schema/index';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { queueTicketEmail } from './queue-ticket-email';

/**
 * Queues the e-tickets still due: bookings ticketed before their e-mail was written with the
 * tickets. A booking that fails is logged and left for the next run. Answers how many were queued.
 */
export async function emailDueTickets(
  db: Db,
  options: {
    publicUrl: string;
    limit?: number;
    log: { error(object: unknown, message: string): void };
    /** Asked for the e-mail delivery once some were queued. */
    jobs: OutboxJobs;
  },
): Promise<number> {
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'ticketed'), isNull(bookings.ticketEmailedAt)))
    .orderBy(asc(bookings.paidAt))
    .limit(options.limit ?? 20);
  let queued = 0;
  for (const { id } of due) {
    try {
      const written = await db.transaction((tx) =>
        queueTicketEmail(tx, { bookingId: id, publicUrl: options.publicUrl, once: true }),
      );
      if (written) queued++;
    } catch (error) {
      options.log.error({ err: error, bookingId: id }, 'e-ticket e-mail not queued');
    }
  }
  if (queued > 0) await options.jobs.send('email.deliver-outbox');
  return queued;
}

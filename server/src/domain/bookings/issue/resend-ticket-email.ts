import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import { findBooking } from '../../booking-records/find-booking';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { queueTicketEmail } from './queue-ticket-email';

/** Queues the e-ticket e-mail of one of the brand's ticketed bookings again; audited. */
export async function resendTicketEmail(
  db: Db,
  options: {
    brandId: string;
    pnr: string;
    actor: AuditActor;
    /** PUBLIC_URL and the request's host: the e-mail links to the brand's host (queueTicketEmail). */
    publicUrl: string;
    requestHost?: string | undefined;
    /** Asked for the e-mail delivery after the commit. */
    jobs: OutboxJobs;
  },
): Promise<{ to: string }> {
  const sent = await db.transaction(async (tx) => {
    const booking = await findBooking(tx, { brandId: options.brandId, pnr: options.pnr });
    if (booking.status !== 'ticketed') {
      throw new AppError(
        'BOOKING_NOT_TICKETED',
        `Booking ${booking.pnr} is ${booking.status}: it has no e-ticket to send.`,
      );
    }
    await queueTicketEmail(tx, {
      bookingId: booking.id,
      publicUrl: options.publicUrl,
      requestHost: options.requestHost,
    });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'booking.resend-ticket',
      entityType: 'booking',
      entityId: booking.pnr,
      after: { to: booking.contact.email },
    });
    return { to: booking.contact.email };
  });
  await options.jobs.send('email.deliver-outbox');
  return sent;
}

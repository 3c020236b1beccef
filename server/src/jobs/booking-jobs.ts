import type { FastifyInstance } from 'fastify';
import { completeBookingPayment } from '../domain/bookings/complete-booking-payment';
import { expireHeldBookings } from '../domain/bookings/expire-held-bookings';
import { findPaymentBooking } from '../domain/bookings/find-payment-booking';
import { reconcilePendingPayments } from '../domain/payments/reconcile-pending-payments';

export interface BookingJobsSummary {
  expired: number;
  reconciled: { checked: number; paid: number };
  ticketEmails: number;
  /** E-mails of the outbox sent over SMTP in this pass. */
  emailsSent: number;
}

/**
 * One pass of the booking housekeeping: lapsed holds release their seats, gateway payments left
 * pending are asked about (and, paid, ticket their booking), due e-tickets are queued and the outbox is
 * sent over SMTP. Each step
 * is safe to run in several instances at once; a failing step does not stop the others.
 */
export async function runBookingJobs(app: FastifyInstance): Promise<BookingJobsSummary> {
  const summary: BookingJobsSummary = {
    expired: 0,
    reconciled: { checked: 0, paid: 0 },
    ticketEmails: 0,
    emailsSent: 0,
  };
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      app.log.error({ err: error, job: name }, 'booking job failed');
    }
  };
  await step('expire', async () => {
    summary.expired = await expireHeldBookings(app.db);
  });
  await step('reconcile', async () => {
    const result = await reconcilePendingPayments(app.db, {
      gateways: async (attempt) => {
        const booking = await findPaymentBooking(app.db, attempt);
        return (booking ? await app.payments.forBrand(booking.brandId) : app.payments).gateways;
      },
      onPaid: completeBookingPayment,
    });
    summary.reconciled = { checked: result.checked, paid: result.paid };
  });
  await step('ticket e-mails', async () => {
    summary.ticketEmails = await app.ticketMail.deliverDue();
  });
  await step('outbox', async () => {
    summary.emailsSent = await app.outbox.deliverDue();
  });
  return summary;
}

/**
 * Runs `runBookingJobs` every `intervalSeconds` (BOOKING_JOBS_INTERVAL_SECONDS); passes never
 * overlap within an instance, and the timer does not keep the process alive. Returns a stop function.
 */
export function startBookingJobs(
  app: FastifyInstance,
  intervalSeconds = app.env.BOOKING_JOBS_INTERVAL_SECONDS,
): () => void {
  if (intervalSeconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runBookingJobs(app)
      .then((summary) => {
        if (summary.expired || summary.reconciled.checked || summary.ticketEmails || summary.emailsSent)
          app.log.info({ summary }, 'booking jobs');
      })
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

import type { FastifyInstance } from 'fastify';
import { expireHeldBookings } from '../domain/bookings/expire-held-bookings';
import { findPaymentBooking } from '../domain/bookings/find-payment-booking';
import { type RefundExcessSummary, refundExcessPayments } from '../domain/bookings/refund-excess-payments';
import { settlePendingPayments } from '../domain/bookings/settle-pending-payments';
import type { GatewayName } from '../payments/gateway';

export interface BookingJobsSummary {
  expired: number;
  /** `excess`: captures found for bookings already paid, recorded for a refund. */
  reconciled: { checked: number; paid: number; excess: number };
  /** Second captures given back through the gateways' refund APIs in this pass. */
  excessRefunds: RefundExcessSummary;
  ticketEmails: number;
  /** E-mails of the outbox sent over SMTP in this pass. */
  emailsSent: number;
}

/**
 * One pass of the booking housekeeping: lapsed holds release their seats, gateway payments left
 * pending are asked about (and, paid, ticket their booking; a second capture is recorded in excess
 * and refunded through the gateway where it can), due e-tickets are queued and the outbox is
 * sent over SMTP. Each step
 * is safe to run in several instances at once; a failing step does not stop the others.
 */
export async function runBookingJobs(app: FastifyInstance): Promise<BookingJobsSummary> {
  const summary: BookingJobsSummary = {
    expired: 0,
    reconciled: { checked: 0, paid: 0, excess: 0 },
    excessRefunds: { refunded: 0, manual: 0, retrying: 0 },
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
  const gateways = async (attempt: { gateway: GatewayName; reference: string }) => {
    const booking = await findPaymentBooking(app.db, attempt);
    return (booking ? await app.payments.forBrand(booking.brandId) : app.payments).gateways;
  };
  await step('reconcile', async () => {
    const result = await settlePendingPayments(app.db, { gateways });
    summary.reconciled = { checked: result.checked, paid: result.paid, excess: result.excess };
  });
  await step('refund excess payments', async () => {
    summary.excessRefunds = await refundExcessPayments(app.db, { gateways });
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
        const refunds = summary.excessRefunds;
        if (
          summary.expired ||
          summary.reconciled.checked ||
          refunds.refunded + refunds.manual + refunds.retrying ||
          summary.ticketEmails ||
          summary.emailsSent
        )
          app.log.info({ summary }, 'booking jobs');
      })
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

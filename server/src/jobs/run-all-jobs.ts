import type { VerifySupplierChangesResult } from '../domain/bookings/change/verify-supplier-changes';
import type { RefundExcessSummary } from '../domain/bookings/refund/refund-excess-payments';
import { JOB_DEFINITIONS, JOB_NAMES, type JobName, type JobPayload, type JobServices } from './definitions';

export interface BookingJobsSummary {
  expired: number;
  /** `excess`: captures found for bookings already paid, recorded for a refund. */
  reconciled: { checked: number; paid: number; excess: number };
  /** Outside suppliers' unverified date changes: applied, given back, still unknown. */
  supplierChanges: VerifySupplierChangesResult;
  /** Second captures given back through the gateways' refund APIs in this pass. */
  excessRefunds: RefundExcessSummary;
  ticketEmails: number;
  /** E-mails of the outbox sent over SMTP in this pass. */
  emailsSent: number;
  /** Webhook deliveries that reached their receiver in this pass. */
  webhooksDelivered: number;
  /** Agents' monthly wallet statements written to the outbox in this pass. */
  monthlyStatements: number;
}

/**
 * One pass of every job, in the order of JOB_DEFINITIONS, here and now (tests, operators): what
 * the queue's workers do over time. A failing job does not stop the others.
 */
export async function runBookingJobs(app: JobServices): Promise<BookingJobsSummary> {
  const summary: BookingJobsSummary = {
    expired: 0,
    reconciled: { checked: 0, paid: 0, excess: 0 },
    supplierChanges: { applied: 0, rolledBack: 0, pending: 0 },
    excessRefunds: { refunded: 0, manual: 0, retrying: 0 },
    ticketEmails: 0,
    emailsSent: 0,
    webhooksDelivered: 0,
    monthlyStatements: 0,
  };
  for (const name of JOB_NAMES) {
    try {
      Object.assign(summary, await JOB_DEFINITIONS[name].run(app));
    } catch (error) {
      app.log.error({ err: error, job: name }, 'job failed');
    }
  }
  return summary;
}

/** One run of one job, here and now (tests, operators). */
export function runJob<Name extends JobName>(
  app: JobServices,
  name: Name,
  payload: JobPayload = {},
): ReturnType<(typeof JOB_DEFINITIONS)[Name]['run']> {
  return JOB_DEFINITIONS[name].run(app, payload) as ReturnType<(typeof JOB_DEFINITIONS)[Name]['run']>;
}

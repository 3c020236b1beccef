import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { AssetStorage } from '../domain/assets/asset-storage';
import { findPaymentBooking } from '../domain/booking-records/find-payment-booking';
import { verifySupplierChanges } from '../domain/bookings/change/verify-supplier-changes';
import { expireHeldBookings } from '../domain/bookings/expire/expire-held-bookings';
import { emailDueTickets } from '../domain/bookings/issue/email-due-tickets';
import { refundExcessPayments } from '../domain/bookings/refund/refund-excess-payments';
import { settlePendingPayments } from '../domain/bookings/settle-payment/settle-pending-payments';
import { deliverOutbox, type OutboxMail } from '../domain/outbox/deliver-email-outbox';
import type { OutboxJobs } from '../domain/outbox/outbox-jobs';
import { checkPriceAlerts } from '../domain/price-alerts/check-price-alerts';
import { deliverSms } from '../domain/sms/deliver-sms';
import { queueDepartureReminders } from '../domain/sms/queue-departure-reminders';
import { nepalToday, sendMonthlyStatements } from '../domain/wallet/send-monthly-statements';
import { deliverWebhooks, type WebhookEventRow } from '../domain/webhooks/deliver-webhooks';
import type { Env } from '../env';
import type { PaymentGatewayDirectory } from '../payments/brand-gateways';
import type { GatewayName } from '../payments/gateway';
import type { SmsProvider } from '../sms/sms-provider';

/**
 * The services the jobs use (app.ts decorates the Fastify instance with them; a job is handed
 * these, never the instance): the database, the settings they read, the gateways, brand assets,
 * the mail transport, the SMS provider, the queue itself (a job's transition asks for the
 * delivery of what it wrote), webhook keys and presenter, and the log.
 */
export interface JobServices {
  db: Db;
  env: Pick<
    Env,
    | 'PUBLIC_URL'
    | 'WEBHOOKS_ALLOW_PRIVATE'
    | 'WEBHOOK_RETRY_HOURS'
    | 'WEBHOOK_DISABLE_AFTER_FAILURES'
    | 'WEBHOOK_TIMEOUT_MS'
  >;
  payments: PaymentGatewayDirectory;
  assets: AssetStorage;
  mail: OutboxMail;
  sms: SmsProvider | null;
  jobs: OutboxJobs;
  webhookSecretsKey: Buffer;
  webhookResources: (event: WebhookEventRow) => Promise<unknown>;
  log: FastifyBaseLogger;
}

/** A run's payload: the moment it runs for (default now; tests and operators give a date). */
export interface JobPayload {
  now?: Date;
}

/**
 * Every background job of the application, in one place (the way Documenso lists its job
 * definitions). Each runs from the job queue (job-queue.ts, pg-boss in the database): every
 * BOOKING_JOBS_INTERVAL_SECONDS, and at once when a request `send`s it after its commit.
 * Each is a pass over what the database says is due, safe in several instances at once, so a
 * lost or repeated run costs nothing but a later or a spare pass.
 */
export const JOB_DEFINITIONS = {
  /** Lapsed holds release their seats (spec §4). */
  'bookings.expire-holds': {
    run: async (app: JobServices) => ({ expired: await expireHeldBookings(app.db) }),
  },
  /**
   * Gateway payments left pending are asked about and settled as a return would be (spec §13);
   * a second capture is recorded in excess, for a refund.
   */
  'payments.settle-pending': {
    run: async (app: JobServices) => {
      const result = await settlePendingPayments(app.db, {
        gateways: brandGateways(app),
        publicUrl: app.env.PUBLIC_URL,
        jobs: app.jobs,
      });
      return { reconciled: { checked: result.checked, paid: result.paid, excess: result.excess } };
    },
  },
  /**
   * Date changes an outside supplier (Duffel) may have made without its answer arriving are asked
   * about until known: applied as confirmed changes, or their wallet debit given back.
   */
  'bookings.verify-supplier-changes': {
    run: async (app: JobServices) => ({
      supplierChanges: await verifySupplierChanges(app.db, {
        links: { publicUrl: app.env.PUBLIC_URL },
        jobs: app.jobs,
      }),
    }),
  },
  /** Second captures are given back through the gateways' refund APIs (retried until they go). */
  'payments.refund-excess': {
    run: async (app: JobServices) => ({
      excessRefunds: await refundExcessPayments(app.db, { gateways: brandGateways(app) }),
    }),
  },
  /** E-tickets of bookings ticketed before the e-mail was written with the tickets are queued. */
  'tickets.email-due': {
    run: async (app: JobServices) => ({
      ticketEmails: await emailDueTickets(app.db, {
        publicUrl: app.env.PUBLIC_URL,
        log: app.log,
        jobs: app.jobs,
      }),
    }),
  },
  /**
   * Agents' monthly wallet statements, e-mailed through the outbox on the first day of each BS
   * month (docs/finance-statements.md#statements): once per agent and month, a later pass catching up a
   * missed day. `now` is the moment the pass runs for (tests and operators give a date).
   */
  'wallet.monthly-statements': {
    run: async (app: JobServices, { now = new Date() }: JobPayload = {}) => ({
      monthlyStatements: await sendMonthlyStatements(app.db, { today: nepalToday(now) }),
    }),
  },
  /** The e-mail outbox is sent over SMTP (SMTP_URL; without it, nothing is sent). */
  'email.deliver-outbox': {
    run: async (app: JobServices) => ({
      emailsSent: await deliverOutbox(app.db, {
        ...app.mail,
        log: app.log,
        payments: app.payments,
        assets: app.assets,
      }),
    }),
  },
  /**
   * SMS to travellers who asked for them go out through SMS_PROVIDER (docs/sms.md),
   * retried with back-off; without a provider nothing is sent and the messages wait.
   */
  'sms.deliver': {
    run: async (app: JobServices) => ({
      smsSent: await deliverSms(app.db, { provider: app.sms, log: app.log }),
    }),
  },
  /** Ticketed travellers who asked for SMS get a reminder the day before their flight. */
  'sms.departure-reminders': {
    run: async (app: JobServices, { now = new Date() }: JobPayload = {}) => ({
      smsReminders: await queueDepartureReminders(app.db, { now }),
    }),
  },
  /**
   * Webhook deliveries that are due go out, signed (docs/webhooks.md): at least once,
   * with exponential back-off for WEBHOOK_RETRY_HOURS.
   */
  'webhooks.deliver': {
    run: async (app: JobServices) => ({
      webhooksDelivered: await deliverWebhooks(app.db, {
        secretsKey: app.webhookSecretsKey,
        allowPrivate: app.env.WEBHOOKS_ALLOW_PRIVATE,
        presentResource: app.webhookResources,
        retryHours: app.env.WEBHOOK_RETRY_HOURS,
        disableAfterFailures: app.env.WEBHOOK_DISABLE_AFTER_FAILURES,
        timeoutMs: app.env.WEBHOOK_TIMEOUT_MS,
        log: app.log,
      }),
    }),
  },
  /**
   * Price alerts not looked up for 6 hours get their route's lowest fare; a drop below the one the
   * user was told of is e-mailed, at most once a day per alert (docs/accounts.md#price-alerts).
   */
  'alerts.check-prices': {
    run: async (app: JobServices) => ({
      priceAlerts: await checkPriceAlerts(app.db, { publicUrl: app.env.PUBLIC_URL }),
    }),
  },
} satisfies Record<string, { run: (app: JobServices) => Promise<object> }>;

export type JobName = keyof typeof JOB_DEFINITIONS;

export const JOB_NAMES = Object.keys(JOB_DEFINITIONS) as JobName[];

/** Each attempt is asked about with its booking's brand's gateway accounts. */
function brandGateways(app: JobServices) {
  return async (attempt: { gateway: GatewayName; reference: string }) => {
    const booking = await findPaymentBooking(app.db, attempt);
    return (booking ? await app.payments.forBrand(booking.brandId) : app.payments).gateways;
  };
}

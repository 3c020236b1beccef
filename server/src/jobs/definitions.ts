import type { FastifyInstance } from 'fastify';
import { expireHeldBookings } from '../domain/bookings/expire-held-bookings';
import { findPaymentBooking } from '../domain/bookings/find-payment-booking';
import { refundExcessPayments } from '../domain/bookings/refund-excess-payments';
import { settlePendingPayments } from '../domain/bookings/settle-pending-payments';
import { verifySupplierChanges } from '../domain/bookings/verify-supplier-changes';
import { brandDocumentLook } from '../domain/documents/brand-document-look';
import { deliverOutbox } from '../domain/email/deliver-outbox';
import { checkPriceAlerts } from '../domain/price-alerts/check-price-alerts';
import { deliverSms } from '../domain/sms/deliver-sms';
import { queueDepartureReminders } from '../domain/sms/queue-departure-reminders';
import { emailDueTickets } from '../domain/tickets/email-due-tickets';
import { renderTicketAttachment } from '../domain/tickets/render-ticket-pdf';
import { nepalToday, sendMonthlyStatements } from '../domain/wallet/send-monthly-statements';
import { deliverWebhooks } from '../domain/webhooks/deliver-webhooks';
import type { GatewayName } from '../payments/gateway';

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
    run: async (app: FastifyInstance) => ({ expired: await expireHeldBookings(app.db) }),
  },
  /**
   * Gateway payments left pending are asked about and settled as a return would be (spec §13);
   * a second capture is recorded in excess, for a refund.
   */
  'payments.settle-pending': {
    run: async (app: FastifyInstance) => {
      const result = await settlePendingPayments(app.db, {
        gateways: brandGateways(app),
        publicUrl: app.env.PUBLIC_URL,
      });
      return { reconciled: { checked: result.checked, paid: result.paid, excess: result.excess } };
    },
  },
  /**
   * Date changes an outside supplier (Duffel) may have made without its answer arriving are asked
   * about until known: applied as confirmed changes, or their wallet debit given back.
   */
  'bookings.verify-supplier-changes': {
    run: async (app: FastifyInstance) => ({
      supplierChanges: await verifySupplierChanges(app.db, { links: { publicUrl: app.env.PUBLIC_URL } }),
    }),
  },
  /** Second captures are given back through the gateways' refund APIs (retried until they go). */
  'payments.refund-excess': {
    run: async (app: FastifyInstance) => ({
      excessRefunds: await refundExcessPayments(app.db, { gateways: brandGateways(app) }),
    }),
  },
  /** E-tickets of bookings ticketed before the e-mail was written with the tickets are queued. */
  'tickets.email-due': {
    run: async (app: FastifyInstance) => ({
      ticketEmails: await emailDueTickets(app.db, { publicUrl: app.env.PUBLIC_URL, log: app.log }),
    }),
  },
  /**
   * Agents' monthly wallet statements, e-mailed through the outbox on the first day of each BS
   * month (docs/finance-statements.md#statements): once per agent and month, a later pass catching up a
   * missed day. `now` is the moment the pass runs for (tests and operators give a date).
   */
  'wallet.monthly-statements': {
    run: async (app: FastifyInstance, now: Date = new Date()) => ({
      monthlyStatements: await sendMonthlyStatements(app.db, { today: nepalToday(now) }),
    }),
  },
  /** The e-mail outbox is sent over SMTP (SMTP_URL; without it, nothing is sent). */
  'email.deliver-outbox': {
    run: async (app: FastifyInstance) => ({
      emailsSent: await deliverOutbox(app.db, {
        ...app.mail,
        log: app.log,
        renderAttachment: (attachment) =>
          renderTicketAttachment(app.db, attachment.bookingId, app.payments, app.assets),
        lookOf: (brandId) => brandDocumentLook(app.db, app.assets, brandId),
      }),
    }),
  },
  /**
   * SMS to travellers who asked for them go out through SMS_PROVIDER (docs/sms.md),
   * retried with back-off; without a provider nothing is sent and the messages wait.
   */
  'sms.deliver': {
    run: async (app: FastifyInstance) => ({
      smsSent: await deliverSms(app.db, { provider: app.sms, log: app.log }),
    }),
  },
  /** Ticketed travellers who asked for SMS get a reminder the day before their flight. */
  'sms.departure-reminders': {
    run: async (app: FastifyInstance, now: Date = new Date()) => ({
      smsReminders: await queueDepartureReminders(app.db, { now }),
    }),
  },
  /**
   * Webhook deliveries that are due go out, signed (docs/webhooks.md): at least once,
   * with exponential back-off for WEBHOOK_RETRY_HOURS.
   */
  'webhooks.deliver': {
    run: async (app: FastifyInstance) => ({
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
    run: async (app: FastifyInstance) => ({
      priceAlerts: await checkPriceAlerts(app.db, { publicUrl: app.env.PUBLIC_URL }),
    }),
  },
} satisfies Record<string, { run: (app: FastifyInstance) => Promise<object> }>;

export type JobName = keyof typeof JOB_DEFINITIONS;

export const JOB_NAMES = Object.keys(JOB_DEFINITIONS) as JobName[];

/** Each attempt is asked about with its booking's brand's gateway accounts. */
function brandGateways(app: FastifyInstance) {
  return async (attempt: { gateway: GatewayName; reference: string }) => {
    const booking = await findPaymentBooking(app.db, attempt);
    return (booking ? await app.payments.forBrand(booking.brandId) : app.payments).gateways;
  };
}

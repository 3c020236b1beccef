import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AccountUser } from '../../accounts/find-user';
import { assertNoCancelledFlight } from '../../booking-records/assert-no-cancelled-flight';
import { assertPayable } from '../../booking-records/assert-payable';
import { changeBookingStatus } from '../../booking-records/change-booking-status';
import { findBooking } from '../../booking-records/find-booking';
import { nameOf } from '../../booking-records/name-of';
import { withRetryOnConflict } from '../../booking-records/retry-on-conflict';
import { issueTaxInvoice } from '../../finance/issue-tax-invoice';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { postWalletEntry } from '../../wallet/post-wallet-entry';
import { recordWebhookEvents } from '../../webhooks/record-webhook-events';
import { issueTickets } from '../issue/issue-tickets';
import type { TicketLinks } from '../issue/queue-ticket-email';

/**
 * Pays an agent's held booking from the wallet: in ONE transaction the ledger debit, the balance,
 * the status (paid), the tickets (ticketed) and their e-mail. Not enough balance → 402 with the shortfall, and
 * nothing changes. An outside supplier's order failing at ticketing credits the wallet back in the
 * same transaction (the booking `refunded`, saying why). Returns the booking's id.
 */
export async function payBookingWithWallet(
  db: Db,
  options: {
    user: AccountUser;
    pnr: string;
    links: TicketLinks;
    /** A balance left below this (minor units) tells the agent's `wallet.low` webhooks; 0: never. */
    lowBalanceAt?: number;
    /** Asked for the e-mail delivery after the commit. */
    jobs: OutboxJobs;
  },
): Promise<string> {
  const by = { name: nameOf(options.user), userId: options.user.id };
  const bookingId = await withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, { pnr: options.pnr, userId: options.user.id, forUpdate: true });
      assertPayable(booking);
      await assertNoCancelledFlight(tx, booking);
      const balance = await postWalletEntry(tx, {
        userId: options.user.id,
        kind: 'booking_debit',
        amount: -booking.amountDue,
        currency: booking.currency,
        bookingId: booking.id,
        note: `Booking ${booking.pnr}`,
      });
      await changeBookingStatus(tx, {
        bookingId: booking.id,
        from: ['held'],
        to: 'paid',
        by,
        note: 'Paid from the wallet',
        set: { paidWith: 'wallet', paidAt: sql`now()` as unknown as Date, expiresAt: null },
      });
      const issued = await issueTickets(tx, { bookingId: booking.id, by, links: options.links });
      // An outside supplier's order that failed has refunded the wallet: nothing to invoice.
      if (issued.issued) await issueTaxInvoice(tx, { bookingId: booking.id });
      const lowAt = options.lowBalanceAt ?? 0;
      if (balance < lowAt && balance + booking.amountDue >= lowAt) {
        await recordWebhookEvents(tx, [
          {
            brandId: booking.brandId,
            userId: options.user.id,
            type: 'wallet.low',
            resourceType: 'wallet',
            resourceId: options.user.id,
          },
        ]);
      }
      return booking.id;
    }),
  );
  await options.jobs.send('email.deliver-outbox');
  return bookingId;
}

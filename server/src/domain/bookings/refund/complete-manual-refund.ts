import { and, asc, eq, ne } from 'drizzle-orm';
import { type CurrencyCode, formatMoney } from '#shared/format-money';
import type { Db } from '../../../db/client';
import { bookings, refunds } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { refuseStaffBookingBeneficiary } from '../../admin/refuse-staff-beneficiary';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import { type Actor, recordBookingEvent } from '../../booking-records/change-booking-status';
import { sendEmail } from '../../email/send-email';
import type { OutboxJobs } from '../../outbox/outbox-jobs';

const GATEWAY_NAMES: Record<string, string> = { esewa: 'eSewa', khalti: 'Khalti', connectips: 'ConnectIPS' };

export interface CompleteManualRefundOptions {
  brandId: string;
  pnr: string;
  refundId: string;
  /** The gateway's reference of the money sent back (from its merchant panel). */
  reference: string;
  /** The operator's note, kept in the booking's history and the audit log. */
  note?: string | undefined;
  /** The operator, for the booking's history. */
  by: Actor;
  /** The operator, for the audit log. */
  actor: AuditActor;
  /** Asked for the e-mail delivery after the commit. */
  jobs: OutboxJobs;
}

/**
 * Records that an operator has paid a gateway payment back by hand (eSewa's and ConnectIPS's
 * refunds are made from their merchant panels): the refund becomes `completed` with the
 * gateway's reference, which puts it in the books (the `refunds` trigger writes the gateway's and
 * the brand's lines), the booking's history says so, the traveller is told by e-mail and the
 * change is audited. One transaction; a wallet credit or an automatic refund is refused, and so is
 * a refund of the operator's own booking or another staff member's (403 STAFF_OWN_ACCOUNT).
 */
export async function completeManualRefund(db: Db, options: CompleteManualRefundOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ refund: refunds, booking: bookings })
      .from(refunds)
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .where(
        and(
          eq(refunds.id, options.refundId),
          eq(bookings.pnr, options.pnr),
          eq(bookings.brandId, options.brandId),
        ),
      )
      .for('update', { of: refunds });
    if (!found) throw new AppError('NOT_FOUND', 'This booking has no such refund.');
    const { refund, booking } = found;
    if (refund.method === 'wallet' || refund.automatic) throw new AppError('REFUND_NOT_MANUAL');
    if (refund.status === 'completed') throw new AppError('REFUND_ALREADY_COMPLETED');
    await refuseStaffBookingBeneficiary(tx, options.actor, booking.userId);

    const completedAt = new Date();
    await tx
      .update(refunds)
      .set({
        status: 'completed',
        completedAt,
        completedReference: options.reference,
        completedBy: options.actor.id,
      })
      .where(eq(refunds.id, refund.id));
    const gateway = GATEWAY_NAMES[refund.method] ?? refund.method;
    const amount = formatMoney(refund.amount, refund.currency as CurrencyCode);
    await recordBookingEvent(
      tx,
      booking.id,
      booking.status,
      options.by,
      `Refund of ${amount} paid back through ${gateway} (reference ${options.reference})` +
        (options.note ? `: ${options.note}` : ''),
    );
    await sendEmail(tx, {
      brandId: booking.brandId,
      to: booking.contact.email,
      subject: `Refund sent: booking ${booking.pnr}`,
      text:
        `Dear ${booking.contact.name},\n\nWe have paid ${amount} back to the ${gateway} account you paid ` +
        `booking ${booking.pnr} with. ${gateway}'s reference for it is ${options.reference}.\n\n` +
        `It may take a few days to show in your ${gateway} statement.`,
    });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'refund.complete',
      entityType: 'refund',
      entityId: refund.id,
      before: { status: refund.status, pnr: booking.pnr, method: refund.method, amount: refund.amount },
      after: {
        status: 'completed',
        reference: options.reference,
        ...(options.note ? { note: options.note } : {}),
        completedAt: completedAt.toISOString(),
      },
    });
  });
  await options.jobs.send('email.deliver-outbox');
}

/** The brand's gateway payments still to be paid back by hand (not automatic, not a wallet), oldest first. */
export function listManualRefunds(db: Db, brandId: string) {
  return db
    .select({ refund: refunds, pnr: bookings.pnr })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(
      and(
        eq(bookings.brandId, brandId),
        eq(refunds.status, 'pending'),
        eq(refunds.automatic, false),
        ne(refunds.method, 'wallet'),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(500);
}

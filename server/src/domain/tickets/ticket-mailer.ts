import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { API_BASE_PATH } from '#shared/constants';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { loadBookingDetails } from '../bookings/find-booking';
import { brandNamesOf } from '../brands/brand-names-of';
import { brandSiteUrl } from '../brands/brand-site-url';
import { sendEmail } from '../email/send-email';

export interface TicketMailerOptions {
  /**
   * PUBLIC_URL: the scheme (and development port) of the links in e-mails; their host is the
   * booking's brand's (domain/brands/brand-site-url.ts), PUBLIC_URL's only as the last resort.
   */
  publicUrl: string;
  log?: { error(object: unknown, message: string): void };
  /** Called after an e-mail was queued (the app starts an outbox delivery pass). */
  onQueued?: () => void;
}

export interface QueueTicketEmailOptions {
  bookingId: string;
  /** PUBLIC_URL (see TicketMailerOptions). */
  publicUrl: string;
  /** The host the request that led here arrived on; used only when it is one of the booking's brand's. */
  requestHost?: string | undefined;
  to?: string;
}

/**
 * Writes a ticketed booking's e-ticket e-mail to the outbox, the PDF attached by reference (made
 * when the e-mail is sent); its link is on the booking's brand's host. Pass the caller's transaction.
 */
export async function queueTicketEmail(db: Db, options: QueueTicketEmailOptions): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, options.bookingId));
  if (!booking) return;
  const full = await loadBookingDetails(db, booking);
  const { brandName } = await brandNamesOf(db, booking.brandId);
  const site = await brandSiteUrl(db, {
    brandId: booking.brandId,
    publicUrl: options.publicUrl,
    requestHost: options.requestHost,
  });
  const link = `${site}${API_BASE_PATH}/bookings/${booking.pnr}/ticket.pdf`;
  await sendEmail(db, {
    brandId: booking.brandId,
    to: options.to ?? booking.contact.email,
    subject: `Your e-ticket ${booking.pnr} (${booking.route})`,
    text:
      `Dear ${booking.contact.name},\n\nYour booking ${booking.pnr} (${booking.route}) is ticketed.\n` +
      `Ticket numbers: ${full.tickets.map((t) => t.ticketNumber).join(', ')}\n\n` +
      `The e-ticket is attached; you can also download it when signed in: ${link}\n\n${brandName}`,
    attachments: [{ kind: 'e-ticket', bookingId: booking.id }],
  });
}

/**
 * Puts each ticketed booking's e-ticket e-mail in the outbox once. The booking is claimed with a
 * conditional update (`ticket_emailed_at` null → now) in the same transaction as the outbox row,
 * so several instances never queue the same e-mail twice.
 */
export class TicketMailer {
  constructor(
    private readonly db: Db,
    private readonly options: TicketMailerOptions,
  ) {}

  /**
   * Queues the e-ticket of one booking if it is ticketed and not queued yet. Never throws.
   * `requestHost`: the host of the request that paid it, if any (a job has none).
   */
  async deliver(bookingId: string, requestHost?: string): Promise<boolean> {
    try {
      const queued = await this.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(bookings)
          .set({ ticketEmailedAt: sql`now()` })
          .where(
            and(
              eq(bookings.id, bookingId),
              eq(bookings.status, 'ticketed'),
              isNull(bookings.ticketEmailedAt),
            ),
          )
          .returning({ id: bookings.id });
        if (!claimed) return false;
        await queueTicketEmail(tx, { bookingId, publicUrl: this.options.publicUrl, requestHost });
        return true;
      });
      if (queued) this.options.onQueued?.();
      return queued;
    } catch (error) {
      this.options.log?.error({ err: error, bookingId }, 'e-ticket e-mail not queued');
      return false;
    }
  }

  /** Queues the e-tickets still due (paid through a reconciled payment, or after a failure). */
  async deliverDue(limit = 20): Promise<number> {
    const due = await this.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'ticketed'), isNull(bookings.ticketEmailedAt)))
      .orderBy(asc(bookings.paidAt))
      .limit(limit);
    let queued = 0;
    for (const { id } of due) if (await this.deliver(id)) queued++;
    return queued;
  }
}

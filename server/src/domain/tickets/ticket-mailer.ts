import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { bookings, brands } from '../../db/schema/index';
import { loadBookingDetails } from '../bookings/find-booking';
import { sendEmail } from '../email/send-email';
import { renderTicketPdf } from './render-ticket-pdf';

export interface TicketMailerOptions {
  /** `smtp://…`: e-mails go out over SMTP with the PDF attached; unset: to the outbox with a link. */
  smtpUrl?: string | undefined;
  from: string;
  /** Base of the links in e-mails, e.g. https://tickets.example.com/api/b2b/v2. */
  apiUrl: string;
  log?: { error(object: unknown, message: string): void };
}

/**
 * Sends each ticketed booking's e-ticket once. A booking is claimed with a conditional update
 * (`ticket_emailed_at` null → now), so several instances never send the same e-mail twice; a
 * failed send gives the claim back for the next sweep.
 */
export class TicketMailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: TicketMailerOptions,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  /** Sends the e-ticket of one booking if it is ticketed and not sent yet. Never throws. */
  async deliver(bookingId: string): Promise<boolean> {
    const [claimed] = await this.db
      .update(bookings)
      .set({ ticketEmailedAt: sql`now()` })
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.status, 'ticketed'), isNull(bookings.ticketEmailedAt)),
      )
      .returning();
    if (!claimed) return false;
    try {
      const full = await loadBookingDetails(this.db, claimed);
      const [brand] = await this.db.select().from(brands).where(eq(brands.id, claimed.brandId));
      const config = siteConfig.safeParse(brand?.siteConfig);
      const brandName = config.success ? config.data.displayName : 'Tikat';
      const companyName = config.success ? config.data.companyName : '';
      const pdf = await renderTicketPdf(full, { brandName, companyName });
      const link = `${this.options.apiUrl}/bookings/${claimed.pnr}/ticket.pdf`;
      const subject = `Your e-ticket ${claimed.pnr} (${claimed.route})`;
      const text =
        `Dear ${claimed.contact.name},\n\nYour booking ${claimed.pnr} (${claimed.route}) is ticketed.\n` +
        `Ticket numbers: ${full.tickets.map((t) => t.ticketNumber).join(', ')}\n\n` +
        `${this.transport ? 'The e-ticket is attached.' : `Download the e-ticket (signed in): ${link}`}\n\n${brandName}`;
      if (this.transport) {
        await this.transport.sendMail({
          from: this.options.from,
          to: claimed.contact.email,
          subject,
          text,
          attachments: [
            { filename: `e-ticket-${claimed.pnr}.pdf`, content: pdf, contentType: 'application/pdf' },
          ],
        });
      } else {
        await sendEmail(this.db, { brandId: claimed.brandId, to: claimed.contact.email, subject, text });
      }
      return true;
    } catch (error) {
      this.options.log?.error({ err: error, bookingId }, 'e-ticket e-mail not sent');
      await this.db.update(bookings).set({ ticketEmailedAt: null }).where(eq(bookings.id, bookingId));
      return false;
    }
  }

  /** Sends the e-tickets still due (paid through a reconciled payment, or after a failed send). */
  async deliverDue(limit = 20): Promise<number> {
    const due = await this.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'ticketed'), isNull(bookings.ticketEmailedAt)))
      .orderBy(asc(bookings.paidAt))
      .limit(limit);
    let sent = 0;
    for (const { id } of due) if (await this.deliver(id)) sent++;
    return sent;
  }
}

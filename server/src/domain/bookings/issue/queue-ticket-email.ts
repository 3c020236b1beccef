import { and, eq, isNull, sql } from 'drizzle-orm';
import { API_BASE_PATH } from '#shared/constants';
import type { OfferPrice } from '#shared/flights';
import { formatMoney } from '#shared/format-money';
import { RECEIPT_LINE_LABELS, receiptLines } from '#shared/receipt-lines';
import type { Db } from '../../../db/client';
import { bookings } from '../../../db/schema/index';
import { airlineReferenceOf } from '../../booking-records/airline-reference-of';
import { loadBookingDetails } from '../../booking-records/find-booking';
import { brandNamesOf } from '../../brands/brand-names-of';
import { brandSiteUrl } from '../../brands/brand-site-url';
import { sendEmail } from '../../email/send-email';

/** Where the links of a booking's e-mails point. */
export interface TicketLinks {
  /**
   * PUBLIC_URL: the scheme (and development port) of the links in e-mails; their host is the
   * booking's brand's (domain/brands/brand-site-url.ts), PUBLIC_URL's only as the last resort.
   */
  publicUrl: string;
  /** The host the request that led here arrived on; used only when it is one of the booking's brand's. */
  requestHost?: string | undefined;
}

export interface QueueTicketEmailOptions extends TicketLinks {
  bookingId: string;
  to?: string;
  /**
   * The booking's first e-ticket e-mail: written only if none was (`ticket_emailed_at` null → now,
   * a conditional update in the same transaction), so it goes out once however often this runs.
   * Without it (an admin's resend) it is always written.
   */
  once?: boolean;
}

/**
 * The lifecycle step "deliver documents" (spec §14): writes a ticketed booking's e-ticket e-mail to
 * the outbox, the PDF attached by reference (drawn when the `email.deliver-outbox` job sends it);
 * its link is on the booking's brand's host. Pass the caller's transaction: the e-mail exists
 * exactly when the tickets do. Answers whether it was written.
 */
export async function queueTicketEmail(db: Db, options: QueueTicketEmailOptions): Promise<boolean> {
  const [booking] = options.once
    ? await db
        .update(bookings)
        .set({ ticketEmailedAt: sql`now()` })
        .where(
          and(
            eq(bookings.id, options.bookingId),
            eq(bookings.status, 'ticketed'),
            isNull(bookings.ticketEmailedAt),
          ),
        )
        .returning()
    : await db.select().from(bookings).where(eq(bookings.id, options.bookingId));
  if (!booking) return false;
  const full = await loadBookingDetails(db, booking);
  const { brandName } = await brandNamesOf(db, booking.brandId);
  const site = await brandSiteUrl(db, {
    brandId: booking.brandId,
    publicUrl: options.publicUrl,
    requestHost: options.requestHost,
  });
  const link = `${site}${API_BASE_PATH}/bookings/${booking.pnr}/ticket.pdf`;
  const airlineReference = airlineReferenceOf(full.legs);
  await sendEmail(db, {
    brandId: booking.brandId,
    to: options.to ?? booking.contact.email,
    subject: `Your e-ticket ${booking.pnr} (${booking.route})`,
    text:
      `Dear ${booking.contact.name},\n\nYour booking ${booking.pnr} (${booking.route}) is ticketed.\n` +
      (airlineReference ? `Airline booking reference: ${airlineReference}\n` : '') +
      // An outside supplier's e-ticket covers each flight of its order: each number once.
      `Ticket numbers: ${[...new Set(full.tickets.map((t) => t.ticketNumber))].join(', ')}\n\n` +
      `${fareReceipt(booking.price)}\n\n` +
      `The e-ticket is attached; you can also download it when signed in: ${link}\n\n${brandName}`,
    attachments: [{ kind: 'e-ticket', bookingId: booking.id }],
  });
  return true;
}

/**
 * The fare as the receipt shows it, per passenger type: its lines (base fare, fuel surcharge,
 * passenger service charge, VAT, Tourism Service Fee), which sum to the total. An agent's client
 * sees the agent's selling price, as on the e-ticket, never what the agency charged the agent.
 */
function fareReceipt(price: OfferPrice): string {
  const money = (amount: number) => formatMoney(amount, price.currency);
  const rows = price.per_passenger.flatMap((p) => [
    `${p.count} × ${p.type}, each:`,
    ...receiptLines(p).map((line) => `  ${RECEIPT_LINE_LABELS[line.kind]}: ${money(line.amount)}`),
  ]);
  const markup = price.agent_markup;
  if (markup && markup.amount > 0) rows.push(`Agent's service fee: ${money(markup.amount)}`);
  rows.push(`Total: ${money(markup ? markup.selling_total : price.total)}`);
  return `Fare\n${rows.join('\n')}`;
}

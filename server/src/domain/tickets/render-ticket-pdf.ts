import { eq } from 'drizzle-orm';
import { adToBs, formatBsDate } from '#shared/bikram-sambat';
import { type CurrencyCode, formatMoney } from '#shared/format-money';
import { RECEIPT_LINE_LABELS, receiptLines } from '#shared/receipt-lines';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/index';
import type { AssetStorage } from '../assets/asset-storage';
import { airlineReferenceOf } from '../booking-records/airline-reference-of';
import { type FullBooking, loadBookingDetails } from '../booking-records/find-booking';
import { brandDocumentLook } from '../documents/brand-document-look';
import { collectPdf } from '../documents/collect-pdf';
import { type BrandImage, drawLogo } from '../documents/draw-logo';
import { PDF_FONT, registerPdfFonts } from '../documents/pdf-fonts';
import { nepalDatesAt } from '../finance/nepal-date';
import { boardingPasses } from './boarding-passes';
import { type CurrentGatewayMode, paidInTestMode } from './paid-in-test-mode';

export interface TicketPdfOptions {
  /** The brand's name as travellers know it. */
  brandName: string;
  companyName: string;
  /** Paid in test mode (paid-in-test-mode.ts): every page is stamped as not valid for travel. */
  testPayment: boolean;
  /** The brand's header logo, drawn at the top (its name is written when there is none). */
  logo?: BrandImage | undefined;
  /** The brand's primary colour, `#0b6e4f`: the rule under the header and the headings. */
  colour?: string | undefined;
  /** false: no fare section (an agent handing the ticket to a client without the price). */
  showPrice?: boolean;
}

export const TEST_TICKET_STAMP = 'TEST — not valid for travel';

/** The word stamped across every page of an e-ticket no longer valid for travel. */
export type TicketStamp = 'REFUNDED' | 'CANCELLED' | 'VOID';

/**
 * A refunded or cancelled booking's e-ticket, or one whose tickets were all voided, is stamped so
 * that nobody can mistake it for a valid one (docs/bookings.md#tickets-no-longer-valid-for-travel); a valid
 * ticket has no stamp.
 */
export function ticketStampOf(full: Pick<FullBooking, 'booking' | 'tickets'>): TicketStamp | null {
  if (full.booking.status === 'refunded') return 'REFUNDED';
  if (full.booking.status === 'cancelled') return 'CANCELLED';
  if (full.tickets.length > 0 && full.tickets.every((ticket) => ticket.status !== 'open'))
    return full.tickets.some((ticket) => ticket.status === 'refunded') ? 'REFUNDED' : 'VOID';
  return null;
}

/** The app's one money format (paisa only when not zero), as on the web and in the e-mails. */
const money = (amount: number, currency: string) => formatMoney(amount, currency as CurrencyCode, 'en');

/** `2026-05-01` → `01 May 2026 (18 Baisakh 2083)`: the AD date with the Bikram Sambat date beside. */
function adAndBsDate(isoDate: string): string {
  const ad = new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const bs = adToBs(isoDate);
  return bs ? `${ad} (${formatBsDate(bs)})` : ad;
}

/**
 * `2026-05-01T06:30:00+05:45` → `01 May 2026 (18 Baisakh 2083) 06:30 (UTC+05:45)`: the airport's
 * local date and time.
 */
function localTime(iso: string): string {
  return `${adAndBsDate(iso.slice(0, 10))} ${iso.slice(11, 16)} (UTC${iso.slice(19) || '+00:00'})`;
}

/**
 * The e-ticket: brand, PNR, passengers with their ticket numbers, flights in local times with
 * baggage and fare rules, and per passenger and journey a PDF417 barcode of an IATA BCBP string (one leg per flight).
 */
export async function renderTicketPdf(full: FullBooking, options: TicketPdfOptions): Promise<Buffer> {
  // Loaded with the first e-ticket rather than at start: pdfkit (with its fonts) and bwip-js take
  // about 40 MB and 0.2 s, and many processes never issue a ticket.
  const [{ default: bwipjs }, { default: PDFDocument }] = await Promise.all([
    import('bwip-js/node'),
    import('pdfkit'),
  ]);
  const { booking } = full;
  const segments = full.legs.flatMap((leg, legIndex) =>
    leg.offer.segments.map((segment) => ({ segment, leg: leg.offer, legIndex })),
  );
  const barcodes = await Promise.all(
    boardingPasses(full).map(async (pass) => ({
      ...pass,
      image: (await bwipjs.toBuffer({ bcid: 'pdf417', text: pass.text, scale: 2, height: 8 })) as Buffer,
    })),
  );

  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${options.testPayment ? 'TEST ' : ''}E-ticket ${booking.pnr}`,
      Author: options.brandName,
      Subject: `Booking ${booking.pnr}`,
    },
  });
  const done = collectPdf(doc);

  registerPdfFonts(doc);
  const stamps = [
    ...(options.testPayment ? [{ text: TEST_TICKET_STAMP, size: 44 }] : []),
    ...[ticketStampOf(full)].flatMap((stamp) => (stamp ? [{ text: stamp, size: 96 }] : [])),
  ];
  const stampPage = () => {
    for (const [index, stamp] of stamps.entries()) drawStamp(doc, stamp.text, stamp.size, index * 120);
  };
  stampPage();
  doc.on('pageAdded', stampPage);
  const colour = options.colour ?? '#000000';
  const top = doc.y;
  if (await drawLogo(doc, options.logo, { x: doc.x, y: top, width: 220, height: 44 })) doc.y = top + 48;
  else doc.font(PDF_FONT.bold).fontSize(20).text(options.brandName);
  doc.font(PDF_FONT.regular).fontSize(9).fillColor('#555').text(options.companyName).fillColor('#000');
  doc
    .moveTo(doc.page.margins.left, doc.y + 4)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 4)
    .lineWidth(2)
    .strokeColor(colour)
    .stroke();
  doc.moveDown();
  doc
    .font(PDF_FONT.bold)
    .fontSize(16)
    .fillColor(colour)
    .text(`E-ticket   PNR ${booking.pnr}`)
    .fillColor('#000');
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .text(
      `Status: ${booking.status}   Issued: ${adAndBsDate(nepalDatesAt(booking.paidAt ?? booking.createdAt).ad)}`,
    );
  const airlineReference = airlineReferenceOf(full.legs);
  if (airlineReference) doc.text(`Airline booking reference: ${airlineReference}`);
  doc.text(`Contact: ${booking.contact.name}, ${booking.contact.email}, ${booking.contact.mobile}`);
  const stamp = ticketStampOf(full);
  if (stamp) {
    doc
      .moveDown(0.5)
      .font(PDF_FONT.bold)
      .fontSize(12)
      .fillColor('#b91c1c')
      .text(`${stamp}: this e-ticket is not valid for travel.`)
      .fillColor('#000');
  }
  if (options.testPayment) {
    doc
      .moveDown(0.5)
      .font(PDF_FONT.bold)
      .fontSize(12)
      .fillColor('#b91c1c')
      .text(`${TEST_TICKET_STAMP}: paid through a payment gateway's test mode, no real money moved.`)
      .fillColor('#000');
  }
  doc.moveDown();

  doc.font(PDF_FONT.bold).fontSize(12).text('Flights (local times)');
  doc.font(PDF_FONT.regular).fontSize(10);
  for (const [index, { segment, leg }] of segments.entries()) {
    doc.text(
      `${index + 1}. ${segment.flight_number} ${segment.airline_name}   ${segment.depart_code} – ${segment.dest_code}   ` +
        `departs ${localTime(segment.depart_at)}, arrives ${localTime(segment.arrive_at)}`,
    );
    doc.text(
      `    Class ${segment.class_code} (${segment.family}, ${segment.cabin})   Baggage ${segment.baggage}   ` +
        `Aircraft ${segment.aircraft}`,
    );
    doc.fillColor('#555').text(`    Fare rules: ${leg.fare.refund_policy}`).fillColor('#000');
  }
  doc.moveDown();

  doc.font(PDF_FONT.bold).fontSize(12).text('Passengers and tickets');
  doc.font(PDF_FONT.regular).fontSize(10);
  for (const passenger of full.passengers) {
    doc.moveDown(0.5);
    // The passport name (the barcode's); the Nepali name, when given, beside it for the traveller.
    doc
      .font(PDF_FONT.bold)
      .text(
        `${passenger.title} ${passenger.firstName} ${passenger.lastName} (${passenger.type})` +
          (passenger.displayNameNe ? ` · ${passenger.displayNameNe}` : ''),
      );
    doc.font(PDF_FONT.regular);
    for (const [index, { segment, legIndex }] of segments.entries()) {
      // After a date change the flight's ticket is the reissued one (the exchanged one is cited).
      const ticket = full.tickets.find(
        (t) => t.passengerId === passenger.id && t.segmentIndex === index && t.status !== 'exchanged',
      );
      doc.text(
        `${segment.flight_number} ${segment.depart_code}–${segment.dest_code}: ticket ${ticket?.ticketNumber ?? 'not issued'}` +
          (ticket && ticket.status !== 'open' ? ` (${ticket.status})` : '') +
          (ticket?.reissuedFrom ? `, reissued for ${ticket.reissuedFrom}` : ''),
      );
      if (segments[index + 1]?.legIndex === legIndex) continue;
      for (const barcode of barcodes) {
        if (barcode.passengerId !== passenger.id || barcode.legIndex !== legIndex) continue;
        if (doc.y > 700) doc.addPage();
        doc.image(barcode.image, { width: 220 });
        doc.moveDown(0.3);
      }
    }
  }
  if (options.showPrice !== false) drawFare(doc, booking);
  doc.font(PDF_FONT.regular).fontSize(8).fillColor('#555');
  doc.moveDown();
  doc.text(
    'Check in at least 1 hour before domestic and 3 hours before international departures with a photo ID ' +
      '(passport for international flights). Name changes are not allowed.',
  );
  doc.end();
  return done;
}

/** The fare: each passenger type's receipt lines, the agent's service fee, the total. */
function drawFare(doc: PDFKit.PDFDocument, booking: FullBooking['booking']): void {
  doc.moveDown();
  doc.font(PDF_FONT.bold).fontSize(12).text('Fare');
  doc.font(PDF_FONT.regular).fontSize(10);
  for (const p of booking.price.per_passenger) {
    // The receipt's lines per passenger: they sum exactly to the passenger's total.
    doc.text(`${p.count} × ${p.type}, each:`);
    for (const line of receiptLines(p)) {
      doc.text(`    ${RECEIPT_LINE_LABELS[line.kind]} ${money(line.amount, booking.currency)}`);
    }
    doc.text(`    = ${money(p.total, booking.currency)} each, ${money(p.subtotal, booking.currency)} in all`);
  }
  // The ticket is what an agent hands their client: it carries the agent's selling price, never
  // what the agency charged the agent.
  const markup = booking.price.agent_markup;
  if (markup && markup.amount > 0) doc.text(`Agent's service fee ${money(markup.amount, booking.currency)}`);
  const total = markup ? markup.selling_total : booking.price.total;
  doc.font(PDF_FONT.bold).text(`Total ${money(total, booking.currency)}`);
}

/** A large diagonal stamp across the page (`offset` points below the middle), under the text that follows. */
function drawStamp(doc: PDFKit.PDFDocument, text: string, size: number, offset: number): void {
  const { x, y } = doc;
  doc
    .save()
    .rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] })
    .font(PDF_FONT.bold)
    .fontSize(size)
    .fillColor('#dc2626')
    .fillOpacity(0.18)
    .text(text, 0, doc.page.height / 2 - size / 2 + offset, {
      width: doc.page.width,
      align: 'center',
      lineBreak: false,
    })
    .restore();
  doc.x = x;
  doc.y = y;
}

/**
 * The same e-ticket for a booking by id, as an e-mail attachment (the outbox's `e-ticket`
 * reference), drawn when the e-mail is sent.
 */
export async function renderTicketAttachment(
  db: Db,
  bookingId: string,
  payments: CurrentGatewayMode,
  assets?: AssetStorage,
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`no booking ${bookingId} for an e-ticket attachment`);
  const pdf = await renderTicketPdf(await loadBookingDetails(db, booking), {
    ...(await brandDocumentLook(db, assets, booking.brandId)),
    testPayment: await paidInTestMode(db, booking, payments),
  });
  return { filename: `e-ticket-${booking.pnr}.pdf`, content: pdf, contentType: 'application/pdf' };
}

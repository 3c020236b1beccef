import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus, TicketListItem } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { api, logInDemo } from '../../test/accounts';
import { setPngHeaderLogo } from '../../test/admin';
import { adult, bookingBody, findOffers, inDays, payBooking, postBooking } from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { FullBooking } from '../booking-records/find-booking';
import { nepalDatesAt } from '../finance/nepal-date';
import { ticketStampOf } from './render-ticket-pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Images a PDF draws (pdfkit writes each as an image XObject). */
const imagesIn = (pdf: Buffer) =>
  (pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0) -
  (pdf.toString('latin1').match(/\/SMask \d+ 0 R/g)?.length ?? 0);

async function connection(cookie: string): Promise<FlightOffer> {
  for (const [from, to] of [
    ['PKR', 'BIR'],
    ['BWA', 'BIR'],
    ['PKR', 'KEP'],
    ['BIR', 'PKR'],
  ] as const) {
    const offers = await findOffers(t, { cookie, from, to, days: 12, direct: false, infants: 1 });
    const offer = offers.find((o) => o.segments.length === 2);
    if (offer) return offer;
  }
  throw new Error('no domestic connection in the demo timetable');
}

describe('the e-ticket’s boarding-pass barcodes', () => {
  it('draws one barcode per passenger for a connection (a leg per flight), infant included', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const offer = await connection(agent);
    const held = await postBooking(
      t,
      agent,
      bookingBody(
        [offer],
        [
          adult({ title: 'Mrs', first_name: 'Maya', last_name: 'Tamang', gender: 'female' }),
          {
            ...adult({ title: 'Mstr', first_name: 'Anish', last_name: 'Tamang' }),
            type: 'infant',
            date_of_birth: inDays(-200),
          },
        ],
      ),
    );
    expect(held.statusCode, held.body).toBe(200);
    const pnr = held.json().data.pnr as string;
    expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
    const pdf = await api(t, { method: 'GET', url: `/bookings/${pnr}/ticket.pdf`, cookie: agent });
    expect(pdf.statusCode).toBe(200);
    // Two passengers, one journey of two flights: two passes, not four unrelated ones.
    expect(imagesIn(pdf.rawPayload)).toBe(2);
  });
});

describe('the e-ticket’s look', () => {
  async function ticketPdf(cookie: string, query = ''): Promise<Buffer> {
    const [offer] = await findOffers(t, { cookie, days: 9 });
    if (!offer) throw new Error('no KTM→PKR offer');
    const held = await postBooking(t, cookie, bookingBody([offer]));
    const pnr = held.json().data.pnr as string;
    expect((await payBooking(t, cookie, pnr, 'wallet')).statusCode).toBe(200);
    return (await api(t, { method: 'GET', url: `/bookings/${pnr}/ticket.pdf${query}`, cookie })).rawPayload;
  }

  it('leaves the fare off when the agent asks (price=hide), and carries it by default', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const priced = pdfText(await ticketPdf(agent)).split('\n');
    expect(priced).toContain('Fare');
    expect(priced.some((line) => /^Total NPR [\d,]+/.test(line))).toBe(true);
    const unpriced = pdfText(await ticketPdf(agent, '?price=hide'));
    expect(unpriced.split('\n')).not.toContain('Fare');
    expect(unpriced).not.toMatch(/Total NPR|NPR [\d,]+/);
    expect(unpriced).toMatch(/KTM – PKR/);
    const refused = await api(t, {
      method: 'GET',
      url: '/bookings/ABC123/ticket.pdf?price=none',
      cookie: agent,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields).toHaveProperty('price');
  });

  it('embeds a Unicode TrueType font (no standard fonts) and draws the brand’s SVG logo', async () => {
    const pdf = await ticketPdf(await logInDemo(t, 'sajilo', 'agent'));
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Subtype \/CIDFontType2/);
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    // The demo logo is an SVG whose text is the brand's name: drawn from the logo (its own line),
    // it is not written a second time; the route's dash is a character the font has.
    const text = pdfText(pdf);
    expect(text.split('\n')).toContain('Sajilo Travels');
    expect(text.match(/Sajilo Travels(?! and Tours)/g)).toHaveLength(1);
    expect(text).toMatch(/KTM – PKR/);
    // Dates in AD with the Bikram Sambat date beside: the flight's local date and the issue date.
    expect(text).toMatch(
      /departs \d{2} [A-Z][a-z]{2} 20\d\d \(\d{1,2} [A-Z][a-z]+ 20[89]\d\) \d{2}:\d{2} \(UTC\+05:45\)/,
    );
    const { bs } = nepalDatesAt(new Date());
    expect(text).toMatch(/Issued: \d{2} [A-Z][a-z]{2} 20\d\d \(\d{1,2} [A-Z][a-z]+ 20[89]\d\)/);
    expect(text).toMatch(new RegExp(`\\(\\d{1,2} [A-Z][a-z]+ ${bs.year}\\)`));
  });

  it('prints a passenger’s Nepali name beside the passport name', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const [offer] = await findOffers(t, { cookie: agent, days: 10 });
    if (!offer) throw new Error('no KTM→PKR offer');
    const held = await postBooking(
      t,
      agent,
      bookingBody([offer], [adult({ first_name: 'Ram', last_name: 'Thapa', display_name_ne: 'राम थापा' })]),
    );
    expect(held.statusCode, held.body).toBe(200);
    const pnr = held.json().data.pnr as string;
    expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
    const pdf = await api(t, { method: 'GET', url: `/bookings/${pnr}/ticket.pdf`, cookie: agent });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).split('\n')).toContain('Mr Ram Thapa (adult) · राम थापा');
  });

  it('draws an uploaded PNG logo', async () => {
    await setPngHeaderLogo(t);
    const pdf = await ticketPdf(await logInDemo(t, 'sajilo', 'agent'));
    // The logo is the only 1 × 1 image; the brand's name is then written nowhere (the company's is).
    expect(pdf.toString('latin1')).toMatch(
      /\/Subtype \/Image[\s\S]{0,200}\/Width 1\s*\/Height 1|\/Height 1[\s\S]{0,200}\/Width 1/,
    );
    expect(pdfText(pdf)).not.toMatch(/Sajilo Travels(?! and Tours)/);
  });
});

describe('a refunded or cancelled e-ticket', () => {
  it('says so in GET /tickets and is stamped on the PDF; a valid ticket carries no stamp', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const offers = await findOffers(t, { cookie: agent, days: 11 });
    const refundable = offers.find((o) => o.fare.refundable);
    if (!refundable) throw new Error('no refundable KTM→PKR offer');
    const held = await postBooking(t, agent, bookingBody([refundable]));
    expect(held.statusCode, held.body).toBe(200);
    const pnr = held.json().data.pnr as string;
    expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
    const ticketText = async () =>
      pdfText(
        (await api(t, { method: 'GET', url: `/bookings/${pnr}/ticket.pdf`, cookie: agent })).rawPayload,
      );
    const listed = async () =>
      (
        (await api(t, { method: 'GET', url: '/tickets', cookie: agent })).json().data as TicketListItem[]
      ).filter((ticket) => ticket.pnr === pnr);

    expect((await listed()).map((ticket) => [ticket.status, ticket.booking_status])).toEqual([
      ['open', 'ticketed'],
    ]);
    const valid = (await ticketText()).split('\n');
    for (const stamp of ['REFUNDED', 'CANCELLED', 'VOID']) expect(valid).not.toContain(stamp);

    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await listed()).map((ticket) => [ticket.status, ticket.booking_status])).toEqual([
      ['refunded', 'refunded'],
    ]);
    const lines = (await ticketText()).split('\n');
    expect(lines).toContain('REFUNDED');
    expect(lines).toContain('REFUNDED: this e-ticket is not valid for travel.');
  });

  it('names the stamp from the booking and its tickets', () => {
    const of = (status: BookingStatus, ...ticketStatuses: ('open' | 'void' | 'refunded')[]) =>
      ticketStampOf({
        booking: { status } as FullBooking['booking'],
        tickets: ticketStatuses.map((s) => ({ status: s })) as FullBooking['tickets'],
      });
    expect(of('ticketed', 'open')).toBeNull();
    expect(of('refunded', 'refunded')).toBe('REFUNDED');
    expect(of('cancelled', 'void')).toBe('CANCELLED');
    expect(of('ticketed', 'void', 'void')).toBe('VOID');
    expect(of('ticketed', 'refunded', 'void')).toBe('REFUNDED');
    expect(of('ticketed', 'open', 'void')).toBeNull();
  });
});

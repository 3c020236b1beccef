import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { api, logInDemo } from '../../test/accounts';
import { setPngHeaderLogo } from '../../test/admin';
import { adult, bookingBody, findOffers, inDays, payBooking, postBooking } from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

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
  async function ticketPdf(cookie: string): Promise<Buffer> {
    const [offer] = await findOffers(t, { cookie, days: 9 });
    if (!offer) throw new Error('no KTM→PKR offer');
    const held = await postBooking(t, cookie, bookingBody([offer]));
    const pnr = held.json().data.pnr as string;
    expect((await payBooking(t, cookie, pnr, 'wallet')).statusCode).toBe(200);
    return (await api(t, { method: 'GET', url: `/bookings/${pnr}/ticket.pdf`, cookie })).rawPayload;
  }

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

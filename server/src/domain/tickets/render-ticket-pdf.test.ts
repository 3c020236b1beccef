import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { api, logInDemo } from '../../test/accounts';
import { adult, bookingBody, findOffers, inDays, payBooking, postBooking } from '../../test/bookings';
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

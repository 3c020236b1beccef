import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { receiptLines } from '#shared/receipt-lines';
import { emailOutbox } from '../../db/schema/index';
import { passengerPrice } from '../../domain/flight-engine/price-offer';
import { api, logInDemo } from '../../test/accounts';
import { adult, bookingBody, findOffers, inDays, payBooking, postBooking } from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(() => t.close());

/**
 * NPR as the e-ticket prints it, the app's one money format: `NPR 1,000`, `NPR 7,978.92`
 * (docs/web.md#messages-toasts-money-and-connections).
 */
const npr = (paisa: number) =>
  `NPR ${(paisa / 100).toLocaleString('en-IN', { minimumFractionDigits: paisa % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

async function ticketed(to: string) {
  const offers = await findOffers(t, { cookie: agent, to, days: 12 });
  const offer = offers[0];
  if (!offer) throw new Error(`no offer to ${to}`);
  // International travel needs a passport (domain-nepal.md).
  const traveller = adult({ passport_number: 'PA1234567', passport_expiry: inDays(400) });
  const held = await postBooking(t, agent, bookingBody([offer], [traveller]));
  expect(held.statusCode).toBe(200);
  const { pnr } = held.json().data as Booking;
  const paid = await payBooking(t, agent, pnr, 'wallet');
  expect(paid.statusCode).toBe(200);
  const booking = paid.json().data.booking as Booking;
  const pdf = await api(t, { method: 'GET', url: `/bookings/${pnr}/ticket.pdf`, cookie: agent });
  expect(pdf.statusCode, pdf.statusCode === 200 ? '' : pdf.body).toBe(200);
  const [mail] = await t.app.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.subject} like ${`%${pnr}%`}`);
  return { booking, pdf: pdfText(pdf.rawPayload), mail: mail?.text ?? '' };
}

describe('taxes and fees as the receipt shows them', () => {
  it('an international ticket: Tourism Service Fee NPR 1,000 and its 13 % VAT, on the PDF and in the e-mail', async () => {
    const { booking, pdf, mail } = await ticketed('DEL');
    const line = booking.price.per_passenger[0];
    expect(line?.tourism_service_fee).toBe(1_000_00);
    // International fares are zero-rated: the only VAT is the fee's.
    expect(line?.vat).toBe(130_00);
    expect(pdf).toContain(`Tourism Service Fee ${npr(1_000_00)}`);
    expect(pdf).toContain(`VAT ${npr(130_00)}`);
    expect(pdf).toContain(`Base fare ${npr(line?.base ?? 0)}`);
    expect(pdf).toContain(`= ${npr(line?.total ?? 0)} each`);
    expect(mail).toContain('Tourism Service Fee: NPR 1,000');
    expect(mail).toContain('VAT: NPR 130');
    expect(mail).toContain('Passenger service charge:');
  });

  it('a domestic ticket: the NPR 200 passenger service charge and 13 % VAT, no Tourism Service Fee', async () => {
    const { booking, pdf, mail } = await ticketed('PKR');
    const line = booking.price.per_passenger[0];
    expect(line?.tourism_service_fee).toBe(0);
    expect(pdf).toContain(`Passenger service charge ${npr(200_00)}`);
    expect(pdf).toContain(`Fuel surcharge ${npr(line?.fuel_surcharge ?? 0)}`);
    expect(pdf).toContain(`VAT ${npr(line?.vat ?? 0)}`);
    expect(pdf).not.toContain('Tourism Service Fee');
    expect(mail).not.toContain('Tourism Service Fee');
    expect(mail).toContain('Base fare:');
  });

  it('the receipt lines of any price sum exactly to its total, in minor units', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        fc.record({ base: amount, fuel: amount, service: amount, vat: amount, tourismServiceFee: amount }),
        fc.integer({ min: 1, max: 9 }),
        (amounts, count) => {
          const line = passengerPrice('adult', count, amounts);
          const lines = receiptLines(line);
          expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(line.total);
          expect(line.base + line.fuel_surcharge + line.taxes).toBe(line.total);
          // A price kept before the fee existed (no tourism_service_fee) sums the same.
          const { tourism_service_fee: _fee, ...older } = passengerPrice('adult', count, {
            ...amounts,
            tourismServiceFee: 0,
          });
          expect(receiptLines(older).reduce((sum, l) => sum + l.amount, 0)).toBe(older.total);
        },
      ),
      { numRuns: 300 },
    );
  });
});

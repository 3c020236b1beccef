import { Duffel } from '@duffel/api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { emailOutbox, ledgerLines, refunds, walletEntries } from '../../db/schema/index';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import {
  type DuffelSandbox,
  NO_FAULTS,
  type ReceivedRequest,
  startDuffelSandbox,
} from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { api, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import { adult, bookingBody, payBooking, postBooking, walletOf } from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Booking and paying Duffel offers (docs/suppliers.md#lifecycle-of-a-duffel-offer): Tikat's API drives the
 * real @duffel/api client against the local Duffel stand-in (a real HTTP server in Duffel's shapes).
 */
let t: TestApp;
let sandbox: DuffelSandbox;
let duffel: Duffel;
let agent: string;
const TOKEN = 'duffel_test_orders';
const AGENT_EMAIL = 'agent@sajilo.example';
const date = dateOf(todayInNepal() + 30);

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  duffel = new Duffel({ token: TOKEN, basePath: sandbox.url });
  t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: TOKEN,
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: '3000',
  });
  agent = await logInDemo(t, 'sajilo', 'agent');
  // London fares are dearer than the demo agent's balance.
  await topUpWallet(t.database.db, AGENT_EMAIL, 100_000_000);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => Object.assign(sandbox.faults, NO_FAULTS));

async function duffelOffers(dest: string): Promise<FlightOffer[]> {
  const response = await api(t, {
    method: 'POST',
    url: '/flights/search',
    cookie: agent,
    payload: {
      depart_code: 'KTM',
      dest_code: dest,
      depart_date: date,
      nationality_code: 'NP',
      user_type: 'agent',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.legs[0].offers as FlightOffer[]).filter((o) => o.supplier === 'duffel');
}

const traveller = adult({
  first_name: 'Sita',
  last_name: 'Gurung',
  title: 'Ms',
  gender: 'female',
  date_of_birth: '1994-02-11',
  passport_number: 'PA7654321',
  passport_expiry: '2031-06-30',
});

const sent = (method: string, path: string) =>
  sandbox.received.filter((r) => r.method === method && r.path === path);
function bodyOf(request: ReceivedRequest | undefined): Record<string, unknown> {
  if (!request) throw new Error('Tikat did not send that request to Duffel');
  return (request.body as { data: Record<string, unknown> }).data;
}

async function book(offer: FlightOffer, passengers = [traveller]) {
  const response = await postBooking(t, agent, bookingBody([offer], passengers));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Booking;
}

describe('booking, paying and cancelling Duffel offers', () => {
  it('holds at Duffel, pays from the wallet, shows the airline reference and e-tickets, and refunds what Duffel refunds on cancel', async () => {
    const offers = await duffelOffers('LHR');
    const offer = offers.find(
      (o) => o.supplier_quote?.instant_payment_required === false && o.conditions?.refund.allowed,
    );
    if (!offer?.supplier_quote) throw new Error('no holdable, refundable Duffel offer to London');
    expect(offer.supplier_quote.identity_documents_required).toBe(true);

    // Booking: a hold order at Duffel with the traveller's names and the offer's passenger id.
    const held = await book(offer);
    expect(held.status).toBe('held');
    expect(held.airline_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(held.airline_reference).not.toBe(held.pnr);
    const order = bodyOf(sent('POST', '/air/orders').at(-1));
    expect(order).toMatchObject({ selected_offers: [offer.supplier_quote.offer_id], type: 'hold' });
    expect(order.passengers).toEqual([
      expect.objectContaining({
        id: offer.supplier_quote.passenger_ids[0],
        given_name: 'Sita',
        family_name: 'Gurung',
        title: 'ms',
        gender: 'f',
        born_on: '1994-02-11',
        identity_documents: [
          {
            type: 'passport',
            unique_identifier: 'PA7654321',
            expires_on: '2031-06-30',
            issuing_country_code: 'NP',
          },
        ],
      }),
    ]);

    // Paying from the wallet pays the hold order from the Duffel balance and tickets it.
    const before = await walletOf(t.database.db, AGENT_EMAIL);
    const paid = await payBooking(t, agent, held.pnr, 'wallet');
    expect(paid.statusCode, paid.body).toBe(200);
    const ticketed = paid.json().data.booking as Booking;
    expect(ticketed.status).toBe('ticketed');
    const payment = bodyOf(sent('POST', '/air/payments').at(-1)) as {
      order_id: string;
      payment: { type: string; amount: string; currency: string };
    };
    expect(payment.payment).toEqual({
      type: 'balance',
      amount: (offer.supplier_quote.amount / 100).toFixed(2),
      currency: 'GBP',
    });
    const atDuffel = (await duffel.orders.get(payment.order_id)).data;
    expect(atDuffel.payment_status.awaiting_payment).toBe(false);
    expect(ticketed.airline_reference).toBe(atDuffel.booking_reference);
    const eTicket = atDuffel.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
    expect(eTicket).toMatch(/^\d{13}$/);
    // One e-ticket covers both flights (KTM→DOH→LHR) of the order.
    expect(ticketed.tickets.map((x) => [x.ticket_number, x.segment_index])).toEqual([
      [eTicket, 0],
      [eTicket, 1],
    ]);
    const after = await walletOf(t.database.db, AGENT_EMAIL);
    const due = ticketed.price.commission?.net_total ?? ticketed.price.total;
    expect(after.balance).toBe(before.balance - due);
    expect(after.ledger).toBe(after.balance);

    const shown = await api(t, { method: 'GET', url: `/bookings/${held.pnr}`, cookie: agent });
    expect(shown.json().data.airline_reference).toBe(atDuffel.booking_reference);
    // The e-ticket PDF and e-mail carry the airline's reference and Duffel's e-ticket number.
    const pdf = await api(t, { method: 'GET', url: `/bookings/${held.pnr}/ticket.pdf`, cookie: agent });
    expect(pdf.statusCode).toBe(200);
    const pdfWords = pdfText(pdf.rawPayload);
    expect(pdfWords).toContain(`Airline booking reference: ${atDuffel.booking_reference}`);
    expect(pdfWords).toContain(`ticket ${eTicket}`);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like ${`%${held.pnr}%`}`);
    expect(mail?.text).toContain(`Airline booking reference: ${atDuffel.booking_reference}`);
    expect(mail?.text).toContain(`Ticket numbers: ${eTicket}\n`);

    // Cancel: the quote is Duffel's refund, converted back to NPR at the rate kept on the booking.
    const cancelsBefore = sent('POST', '/air/order_cancellations').length;
    const quoted = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: false },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(sent('POST', '/air/order_cancellations')).toHaveLength(cancelsBefore + 1);
    const ownQuote = (await duffel.orderCancellations.create({ order_id: atDuffel.id })).data;
    const refundPence = Math.round(Number(ownQuote.refund_amount) * 100);
    expect(refundPence).toBeGreaterThan(0);
    // GBP at the booking's rate: NPR 186.50 (the dated default table), pence × 18650 / 100 paisa.
    const rate = offer.supplier_quote.rate?.npr ?? 0;
    expect(rate).toBe(18_650);
    const refund = Math.min(due, Math.round((refundPence * rate) / 100));
    expect(quoted.json().data.quote).toMatchObject({
      currency: 'NPR',
      paid: due,
      refund,
      cancellation_fee: due - refund,
    });
    expect((await duffel.orders.get(atDuffel.id)).data.cancelled_at).toBeNull();

    const confirmed = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Quoted again at confirmation (Duffel confirms only the latest quote), and that one confirmed.
    const latest = sent('POST', '/air/order_cancellations');
    expect(latest).toHaveLength(cancelsBefore + 3);
    expect(
      sandbox.received.filter((r) => /^\/air\/order_cancellations\/[^/]+\/actions\/confirm$/.test(r.path)),
    ).toHaveLength(1);
    expect(confirmed.json().data.quote.refund).toBe(refund);
    const cancelled = confirmed.json().data.booking as Booking;
    expect(cancelled.status).toBe('refunded');
    expect(cancelled.tickets.every((x) => x.status === 'refunded')).toBe(true);
    expect((await duffel.orders.get(atDuffel.id)).data.cancelled_at).not.toBeNull();
    const credited = await walletOf(t.database.db, AGENT_EMAIL);
    expect(credited.balance).toBe(after.balance + refund);
    expect(credited.ledger).toBe(credited.balance);
    const [credit] = await t.database.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.kind, 'refund_credit'), eq(walletEntries.amount, refund)));
    expect(credit).toBeDefined();
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.walletEntryId, credit?.id ?? 0));
    expect(lines).toHaveLength(2);
    expect(lines.reduce((sum, line) => sum + Number(line.amount), 0)).toBe(0);
  });

  it('holds an instant-payment offer in Tikat only until the offer expires, and orders it once paid', async () => {
    const offer = (await duffelOffers('DXB')).find((o) => o.supplier_quote?.instant_payment_required);
    if (!offer?.supplier_quote) throw new Error('no instant-payment Duffel offer to Dubai');
    const ordersBefore = sent('POST', '/air/orders').length;
    const held = await book(offer);
    expect(sent('POST', '/air/orders')).toHaveLength(ordersBefore);
    expect(held.airline_reference ?? null).toBeNull();
    expect(Date.parse(held.expires_at ?? '')).toBeLessThanOrEqual(
      Date.parse(offer.supplier_quote.expires_at),
    );

    const paid = await payBooking(t, agent, held.pnr, 'wallet');
    expect(paid.statusCode, paid.body).toBe(200);
    const ticketed = paid.json().data.booking as Booking;
    const order = bodyOf(sent('POST', '/air/orders').at(-1));
    expect(order).toMatchObject({
      selected_offers: [offer.supplier_quote.offer_id],
      type: 'instant',
      payments: [
        { type: 'balance', amount: (offer.supplier_quote.amount / 100).toFixed(2), currency: 'USD' },
      ],
    });
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.airline_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(ticketed.tickets[0]?.ticket_number).toMatch(/^\d{13}$/);
  });

  it('refunds the wallet and says why when Duffel refuses the order after the payment', async () => {
    const offer = (await duffelOffers('DXB')).find((o) => o.supplier_quote?.instant_payment_required);
    if (!offer) throw new Error('no instant-payment Duffel offer to Dubai');
    const held = await book(offer);
    const before = await walletOf(t.database.db, AGENT_EMAIL);
    sandbox.faults.failOrders = true;
    const paid = await payBooking(t, agent, held.pnr, 'wallet');
    expect(paid.statusCode, paid.body).toBe(200);
    const refunded = paid.json().data.booking as Booking;
    expect(refunded.status).toBe('refunded');
    expect(refunded.tickets).toEqual([]);
    expect(refunded.status_reason).toMatch(/airline did not confirm the booking \(airline_unknown/);
    expect(refunded.status_reason).toMatch(/refunded/);
    expect(refunded.history.at(-1)?.note).toBe(refunded.status_reason);
    // Debited and credited back: the balance is as before, both entries in the ledger.
    const after = await walletOf(t.database.db, AGENT_EMAIL);
    expect(after.balance).toBe(before.balance);
    expect(after.ledger).toBe(after.balance);
    const shown = await api(t, { method: 'GET', url: `/bookings/${held.pnr}`, cookie: agent });
    expect(shown.json().data.status_reason).toBe(refunded.status_reason);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.method, 'wallet'));
    expect(refund).toBeDefined();
    const ownRefunds = await t.database.db.select().from(refunds);
    expect(ownRefunds.some((r) => r.status === 'completed' && r.reason.includes(held.pnr))).toBe(true);
  });

  it('asks for what the airline needs, naming the field, before anything is held', async () => {
    const offer = (await duffelOffers('DOH')).find((o) => o.supplier_quote?.identity_documents_required);
    if (!offer) throw new Error('no Duffel offer needing passports');
    const ordersBefore = sent('POST', '/air/orders').length;
    const { passport_number: _, ...withoutPassport } = traveller;
    const noPassport = await postBooking(t, agent, bookingBody([offer], [withoutPassport]));
    expect(noPassport.statusCode).toBe(400);
    expect(Object.keys(noPassport.json().data.fields)).toContain('passengers.0.passport_number');
    const { date_of_birth: __, ...withoutBirth } = traveller;
    const noBirth = await postBooking(t, agent, bookingBody([offer], [withoutBirth]));
    expect(noBirth.statusCode).toBe(400);
    expect(noBirth.json().data).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'passengers.0.date_of_birth': expect.stringMatching(/date of birth/) },
    });
    expect(sent('POST', '/air/orders')).toHaveLength(ordersBefore);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, PaymentAction } from '#shared/bookings';
import { bookings, emailOutbox, flightSeats, paymentAttempts, refunds } from '../../db/schema/index';
import { expireHeldBookings } from '../../domain/bookings/expire/expire-held-bookings';
import { TEST_TICKET_STAMP } from '../../domain/tickets/render-ticket-pdf';
import { postWalletEntry } from '../../domain/wallet/post-wallet-entry';
import { decodeEsewaData, esewaSignature } from '../../payments/esewa';
import { api, GLOBALIME, logIn, logInDemo } from '../../test/accounts';
import {
  adult,
  bookingBody,
  findOffer,
  holdBooking,
  payBooking,
  postBooking,
  walletOf as walletOfUser,
} from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../test/payment-sandbox';
import { pdfText } from '../../test/pdf-text';

let t: SandboxTestApp;
let agent: string;
let customer: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

const pay = (cookie: string, pnr: string, method: string, host?: string) =>
  payBooking(t, cookie, pnr, method, host);
const get = (cookie: string, url: string) => api(t, { method: 'GET', url, cookie });

const walletOf = (email: string) => walletOfUser(t.app.db, email);

async function seatsOf(booking: Booking) {
  const segment = booking.legs[0]?.segments[0];
  const [row] = await t.app.db
    .select()
    .from(flightSeats)
    .where(
      and(
        eq(flightSeats.flightDate, segment?.depart_at.slice(0, 10) ?? ''),
        eq(flightSeats.classCode, segment?.class_code ?? ''),
        sql`${flightSeats.scheduleId} in (select id from flight_schedules where airline_code = ${segment?.airline_code} and flight_number = ${segment?.flight_number.split(' ')[1]} and origin = ${segment?.depart_code})`,
      ),
    );
  return row;
}

const returnTo = (url: URL) => followReturn(t.app, url);

describe('wallet: hold → pay → tickets → PDF → cancel quote → cancel → refund', () => {
  it('runs the whole life of an agent booking with the ledger equal to the balance', async () => {
    const before = await walletOf('agent@sajilo.example');
    expect(before.ledger).toBe(before.balance);
    const held = await holdBooking(t, agent, { days: 10 });
    expect(await seatsOf(held)).toMatchObject({ held: 1, sold: 0 });

    const paid = await pay(agent, held.pnr, 'wallet');
    expect(paid.statusCode).toBe(200);
    const booking = paid.json().data.booking as Booking;
    expect(paid.json().data.type).toBe('paid');
    expect(booking.status).toBe('ticketed');
    expect(booking.paid_with).toBe('wallet');
    expect(booking.tickets).toHaveLength(1);
    expect(booking.tickets[0]?.ticket_number).toMatch(/^\d{13}$/);
    expect(booking.history.map((h) => h.status)).toEqual(['held', 'paid', 'ticketed']);
    expect(await seatsOf(held)).toMatchObject({ held: 0, sold: 1 });
    const due = booking.price.commission?.net_total ?? 0;
    const after = await walletOf('agent@sajilo.example');
    expect(after.balance).toBe(before.balance - due);
    expect(after.ledger).toBe(after.balance);

    const again = await pay(agent, held.pnr, 'wallet');
    expect(again.statusCode).toBe(409);
    expect((await walletOf('agent@sajilo.example')).balance).toBe(after.balance);

    const pdf = await api(t, { method: 'GET', url: `/bookings/${held.pnr}/ticket.pdf`, cookie: agent });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.rawPayload.toString('latin1')).toContain(held.pnr);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`E-ticket   PNR ${held.pnr}`);
    // The agent's wallet holds real money, whatever the gateways do.
    expect(text).not.toContain(TEST_TICKET_STAMP);
    // The agent hands the ticket to their client: it shows the agent's selling price (their own 5 %
    // markup on top), never what the agency charged the agent.
    const markup = booking.price.agent_markup;
    expect(markup?.percent).toBe(5);
    expect(text).toContain(
      `Agent's service fee NPR ${((markup?.amount ?? 0) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toContain(
      `Total NPR ${((markup?.selling_total ?? 0) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    expect(text).not.toContain(
      ((booking.price.commission?.net_total ?? 0) / 100).toLocaleString('en-IN', {
        minimumFractionDigits: 2,
      }),
    );
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like ${`%${held.pnr}%`}`);
    expect(mail?.to).toBe('hari@example.com');
    expect(mail?.text).toContain(booking.tickets[0]?.ticket_number);

    const listed = await get(agent, '/tickets');
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({
        pnr: held.pnr,
        ticket_number: booking.tickets[0]?.ticket_number,
        route: 'KTM → PKR',
      }),
    );

    const quote = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: {},
    });
    expect(quote.statusCode).toBe(200);
    const q = quote.json().data.quote;
    // My Bookings and the cancel quote show the same figure: what the wallet was charged.
    const mine = (await get(agent, `/bookings?pnr=${held.pnr}`)).json().data.items[0];
    expect(mine).toMatchObject({ pnr: held.pnr, total: booking.price.total, amount_due: due });
    expect(mine.amount_due).toBeLessThan(mine.total);
    expect(quote.json().data.booking).toBeNull();
    expect(q.paid).toBe(due);
    expect(q.cancellation_fee).toBeGreaterThan(0);
    expect(q.refund).toBe(due - q.cancellation_fee);
    // The fuel surcharge and service charge always come back (less the agent's commission).
    const adult = booking.price.per_passenger[0];
    const commission = booking.price.commission?.amount ?? 0;
    expect(q.refund + commission).toBeGreaterThanOrEqual(
      (adult?.fuel_surcharge ?? 0) + (adult?.service_charge ?? 0),
    );

    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode).toBe(200);
    const finalBooking = cancelled.json().data.booking as Booking;
    expect(finalBooking.status).toBe('refunded');
    expect(finalBooking.tickets.map((x) => x.status)).toEqual(['refunded']);
    expect(await seatsOf(held)).toMatchObject({ held: 0, sold: 0 });
    const refunded = await walletOf('agent@sajilo.example');
    expect(refunded.balance).toBe(after.balance + q.refund);
    expect(refunded.ledger).toBe(refunded.balance);

    const twice = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.code).toBe('CANCELLATION_NOT_ALLOWED');
    expect((await pay(agent, held.pnr, 'wallet')).statusCode).toBe(409);
  });

  it('402 with the shortfall when the wallet is short, and nothing changes', async () => {
    const cookie = await logInDemo(t, 'globalime', 'agent');
    const wallet = await walletOf('agent@globalime.example');
    await t.app.db.transaction((tx) =>
      postWalletEntry(tx, {
        userId: wallet.id,
        kind: 'booking_debit',
        amount: -(wallet.balance - 100),
        currency: 'NPR',
      }),
    );
    const held = await holdBooking(t, cookie, { days: 11, host: GLOBALIME });
    const response = await pay(cookie, held.pnr, 'wallet', GLOBALIME);
    expect(response.statusCode).toBe(402);
    expect(response.json().data).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      shortfall: (held.price.commission?.net_total ?? 0) - 100,
    });
    const after = await walletOf('agent@globalime.example');
    expect(after).toMatchObject({ balance: 100, ledger: 100 });
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, held.pnr));
    expect(row?.status).toBe('held');
  });

  it('says why an agent’s NPR wallet cannot pay a USD booking', async () => {
    const offer = await findOffer(t, { cookie: agent, days: 12, nationality: 'US' });
    expect(offer.price.currency).toBe('USD');
    const held = await postBooking(t, agent, bookingBody([offer], [adult({ nationality: 'US' })]));
    expect(held.statusCode, held.body).toBe(200);
    const pnr = held.json().data.pnr as string;
    const before = await walletOf('agent@sajilo.example');
    const refused = await pay(agent, pnr, 'wallet');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      error:
        'This booking is priced in USD and your wallet holds NPR: a booking in USD cannot be paid from a wallet in NPR.',
      fields: { method: expect.stringContaining('wallet holds NPR') },
      methods: [],
    });
    expect(await walletOf('agent@sajilo.example')).toEqual(before);
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, pnr));
    expect(row?.status).toBe('held');
  });

  it('refuses the wallet to a customer, and payment of a cancelled, expired or another user’s booking', async () => {
    const held = await holdBooking(t, customer, { days: 12 });
    const wallet = await pay(customer, held.pnr, 'wallet');
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().data.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await pay(agent, held.pnr, 'wallet')).statusCode).toBe(404);

    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: customer,
      payload: { confirm: true },
    });
    expect(cancelled.json().data.booking.status).toBe('cancelled');
    const late = await pay(customer, held.pnr, 'khalti');
    expect(late.statusCode).toBe(409);
    expect(late.json().data.code).toBe('BOOKING_NOT_PAYABLE');
  });
});

describe('expiry job', () => {
  it('releases lapsed holds and their seats; an expired booking cannot be paid', async () => {
    const held = await holdBooking(t, agent, { days: 13 });
    expect(await seatsOf(held)).toMatchObject({ held: 1 });
    expect(await expireHeldBookings(t.app.db)).toBe(0);
    await t.app.db
      .update(bookings)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.pnr, held.pnr));
    const tooLate = await pay(agent, held.pnr, 'wallet');
    expect(tooLate.statusCode).toBe(410);
    expect(await expireHeldBookings(t.app.db)).toBe(1);
    expect(await seatsOf(held)).toMatchObject({ held: 0 });
    const after = (await get(agent, `/bookings/${held.pnr}`)).json().data as Booking;
    expect(after.status).toBe('expired');
    expect(after.history.at(-1)).toMatchObject({ status: 'expired', by: 'system' });
    expect((await pay(agent, held.pnr, 'wallet')).json().data.code).toBe('BOOKING_EXPIRED');
  });
});

describe.each(['esewa', 'khalti', 'connectips'] as const)(
  '%s: hold → sandbox → verified return → tickets',
  (method) => {
    it('tickets the booking once, however often the return is replayed', async () => {
      const held = await holdBooking(t, customer, { days: 14 });
      const started = await pay(customer, held.pnr, method);
      expect(started.statusCode).toBe(200);
      const action = started.json().data as PaymentAction;
      expect(action.type).toBe(method === 'khalti' ? 'redirect' : 'form');
      const returned = await payInSandbox(gatewayAction(action), 'pay');
      expect(returned.pathname).toMatch(new RegExp(`^/api/b2b/v2/payments/${method}/return/`));
      const landed = await returnTo(returned);
      expect(landed.pathname).toBe('/Booking/BookingConfirm');
      expect(Object.fromEntries(landed.searchParams)).toEqual({ pnr: held.pnr, payment: 'success' });
      const booking = (await get(customer, `/bookings/${held.pnr}`)).json().data as Booking;
      expect(booking).toMatchObject({ status: 'ticketed', paid_with: method });
      expect(booking.tickets).toHaveLength(1);

      const replay = await returnTo(returned);
      expect(replay.searchParams.get('payment')).toBe('success');
      const again = (await get(customer, `/bookings/${held.pnr}`)).json().data as Booking;
      expect(again.history).toHaveLength(booking.history.length);
      expect(again.tickets).toEqual(booking.tickets);
      expect((await pay(customer, held.pnr, method)).statusCode).toBe(409);

      const paidAttempt = and(
        sql`${paymentAttempts.orderId} = (select id::text from bookings where pnr = ${held.pnr})`,
        eq(paymentAttempts.status, 'paid'),
      );
      const [attempt] = await t.app.db.select().from(paymentAttempts).where(paidAttempt);
      expect(attempt?.testMode).toBe(true);
      const ticketText = async () => {
        const pdf = await get(customer, `/bookings/${held.pnr}/ticket.pdf`);
        expect(pdf.statusCode).toBe(200);
        return pdfText(pdf.rawPayload);
      };
      expect(await ticketText()).toContain(TEST_TICKET_STAMP);
      // Paid before the mode was recorded: the gateway's mode now (the sandbox) decides.
      await t.app.db.update(paymentAttempts).set({ testMode: null }).where(paidAttempt);
      expect(await ticketText()).toContain(TEST_TICKET_STAMP);
    });

    it('a cancelled payment leaves the booking held', async () => {
      const held = await holdBooking(t, customer, { days: 15 });
      const action = (await pay(customer, held.pnr, method)).json().data as PaymentAction;
      const landed = await returnTo(await payInSandbox(gatewayAction(action), 'cancel'));
      expect(Object.fromEntries(landed.searchParams)).toEqual({ pnr: held.pnr, payment: 'failed' });
      expect((await get(customer, `/bookings/${held.pnr}`)).json().data.status).toBe('held');
    });
  },
);

describe('forged, tampered and late returns', () => {
  it('rejects a forged eSewa signature and a Khalti amount-tampered return; the bookings stay held', async () => {
    const esewaHeld = await holdBooking(t, customer, { days: 16 });
    const esewaAction = (await pay(customer, esewaHeld.pnr, 'esewa')).json().data as PaymentAction;
    const returned = await payInSandbox(gatewayAction(esewaAction), 'pay');
    const data = decodeEsewaData(returned.searchParams.get('data') ?? '') ?? {};
    const forged = new URL(returned);
    const tampered = { ...data, total_amount: '1.0' };
    forged.searchParams.set('data', Buffer.from(JSON.stringify(tampered)).toString('base64'));
    expect((await returnTo(forged)).searchParams.get('payment')).toBe('failed');
    const resigned = {
      ...tampered,
      signature: esewaSignature(tampered, data.signed_field_names ?? '', 'wrong-key'),
    };
    forged.searchParams.set('data', Buffer.from(JSON.stringify(resigned)).toString('base64'));
    expect((await returnTo(forged)).searchParams.get('payment')).toBe('failed');
    expect((await get(customer, `/bookings/${esewaHeld.pnr}`)).json().data.status).toBe('held');

    const khaltiHeld = await holdBooking(t, customer, { days: 17 });
    const khaltiAction = (await pay(customer, khaltiHeld.pnr, 'khalti')).json().data as PaymentAction;
    const khaltiReturn = await payInSandbox(gatewayAction(khaltiAction), 'pay');
    const cheap = new URL(khaltiReturn);
    cheap.searchParams.set('amount', '1000');
    cheap.searchParams.set('total_amount', '1000');
    expect(Object.fromEntries((await returnTo(cheap)).searchParams)).toEqual({
      pnr: khaltiHeld.pnr,
      payment: 'failed',
    });
    expect((await get(customer, `/bookings/${khaltiHeld.pnr}`)).json().data.status).toBe('held');

    const nobody = await t.app.inject({
      method: 'GET',
      url: '/api/b2b/v2/payments/connectips/return/success?TXNID=NOSUCHPAYMENT',
      headers: { host: 'localhost' },
    });
    expect(nobody.headers.location).toBe('/Booking/BookingConfirm?pnr=&payment=failed');
  });

  it('a payment verified after the hold lapsed is kept for a refund, not ticketed', async () => {
    const held = await holdBooking(t, customer, { days: 18 });
    const action = (await pay(customer, held.pnr, 'khalti')).json().data as PaymentAction;
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    await t.app.db
      .update(bookings)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.pnr, held.pnr));
    expect((await returnTo(returned)).searchParams.get('payment')).toBe('failed');
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, held.pnr));
    const due = await t.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, row?.id ?? ''));
    expect(due).toMatchObject([{ status: 'pending', method: 'khalti', amount: held.price.total }]);
    const [attempt] = await t.app.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, row?.id ?? ''));
    expect(attempt?.status).toBe('paid');
  });
});

describe('who may pay what', () => {
  it('a brand without payments offers only the wallet, to agents', async () => {
    const { cookie } = await logIn(t, 'customer@sajilo.example');
    const held = await holdBooking(t, cookie, { days: 19 });
    const brand = t.app.brands;
    const resolved = await brand.resolve('localhost');
    const original = resolved?.config.hasPayment;
    if (resolved) resolved.config.hasPayment = false;
    try {
      expect((await get(cookie, `/bookings/${held.pnr}`)).json().data.payment_methods).toEqual([]);
      expect((await pay(cookie, held.pnr, 'esewa')).statusCode).toBe(400);
    } finally {
      if (resolved) resolved.config.hasPayment = original ?? true;
    }
  });
});

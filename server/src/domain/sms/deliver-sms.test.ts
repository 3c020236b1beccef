import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { emailOutbox, smsOutbox } from '../../db/schema/index';
import { runJob } from '../../jobs/run-all-jobs';
import { NO_SMS_FAULTS, type SparrowSandbox, startSparrowSandbox } from '../../sms/sandbox/sparrow-sandbox';
import { SparrowSmsProvider } from '../../sms/sparrow-sms';
import { api, logInDemo } from '../../test/accounts';
import { adminSessions, asAdmin } from '../../test/admin';
import { bookingBody, findOffer, payBooking, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { smsTime } from './compose-booking-sms';
import { deliverSms } from './deliver-sms';
import { queueDepartureReminders } from './queue-departure-reminders';

let sandbox: SparrowSandbox;
let t: TestApp;
let agent: string;
beforeAll(async () => {
  sandbox = await startSparrowSandbox({ token: 'sparrow-test-token', from: 'SajiloTrvl' });
  t = await createTestApp({
    SMS_PROVIDER: 'sparrow',
    SMS_API_URL: sandbox.url,
    SPARROW_SMS_TOKEN: 'sparrow-test-token',
    SPARROW_SMS_FROM: 'SajiloTrvl',
  });
  agent = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.faults = { ...NO_SMS_FAULTS };
});

/** Books the cheapest KTM→PKR flight in `days` days with the given SMS choice and language. */
async function book(extra: { sms_updates?: boolean; language?: 'en' | 'ne' }, days = 5) {
  const offer = await findOffer(t, { cookie: agent, days });
  const response = await postBooking(t, agent, { ...bookingBody([offer]), ...extra });
  expect(response.statusCode).toBe(200);
  return { offer, booking: response.json().data as Booking };
}

const received = (pnr: string) => sandbox.inbox.filter((sms) => sms.text.includes(pnr));
const rowsOf = (pnr: string) =>
  t.app.db
    .select()
    .from(smsOutbox)
    .where(like(smsOutbox.text, `%${pnr}%`))
    .orderBy(smsOutbox.createdAt);
/** Makes a message that is backing off due now (the back-off itself is deliver-sms's arithmetic). */
const dueNow = (id: string) =>
  t.app.db.update(smsOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(smsOutbox.id, id));

const departure = (offer: FlightOffer) => offer.segments[0]?.depart_at ?? '';

describe('booking SMS through Sparrow SMS (its local stand-in)', () => {
  it('a traveller who asked for SMS gets the hold and the ticket on their phone, with the PNR and the local time', async () => {
    const { offer, booking } = await book({ sms_updates: true });
    expect(booking.sms_updates).toBe(true);
    expect(booking.language).toBe('en');
    expect((await payBooking(t, agent, booking.pnr, 'wallet')).statusCode).toBe(200);
    expect((await runJob(t.app, 'sms.deliver')).smsSent).toBe(2);

    const messages = received(booking.pnr);
    expect(messages.map((m) => m.to)).toEqual(['9812345678', '9812345678']);
    expect(messages.every((m) => m.from === 'SajiloTrvl')).toBe(true);
    const [held, ticketed] = messages.map((m) => m.text);
    expect(held).toContain(`Booking ${booking.pnr} held`);
    expect(ticketed).toContain(`Ticketed. PNR ${booking.pnr}`);
    // The flight's time on the departure airport's clock, as the offer showed it.
    expect(ticketed).toContain(`${smsTime(departure(offer), 'en')} local time`);
    expect(ticketed).toContain(offer.segments[0]?.flight_number);

    const rows = await rowsOf(booking.pnr);
    expect(rows.map((r) => [r.kind, r.provider, r.providerCode, r.parts, r.attempts])).toEqual([
      ['held', 'sparrow', '200', 1, 1],
      ['ticketed', 'sparrow', '200', 1, 1],
    ]);
    expect(rows.every((r) => r.sentAt instanceof Date && r.failedAt === null)).toBe(true);
    // Sent once: another pass sends nothing again.
    await runJob(t.app, 'sms.deliver');
    expect(received(booking.pnr)).toHaveLength(2);
  });

  it('writes in Nepali for a traveller who booked in Nepali', async () => {
    const { offer, booking } = await book({ sms_updates: true, language: 'ne' });
    expect((await payBooking(t, agent, booking.pnr, 'wallet')).statusCode).toBe(200);
    await runJob(t.app, 'sms.deliver');
    const ticketed = received(booking.pnr).find((m) => m.text.includes('टिकट जारी भयो'));
    expect(ticketed?.text).toContain(`PNR ${booking.pnr}`);
    expect(ticketed?.text).toContain(smsTime(departure(offer), 'ne'));
    const rows = await rowsOf(booking.pnr);
    expect(rows.map((r) => [r.language, r.parts <= 2])).toEqual([
      ['ne', true],
      ['ne', true],
    ]);
  });

  it('sends nothing to a traveller who did not ask (the e-mail goes as ever)', async () => {
    const { booking } = await book({});
    expect(booking.sms_updates).toBe(false);
    expect((await payBooking(t, agent, booking.pnr, 'wallet')).statusCode).toBe(200);
    await runJob(t.app, 'sms.deliver');
    expect(await rowsOf(booking.pnr)).toEqual([]);
    expect(received(booking.pnr)).toEqual([]);
    const [email] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${booking.pnr}%`));
    expect(email?.subject).toContain('Your e-ticket');
  });

  it('retries what the gateway cannot take now (no credits), and sends it once it can', async () => {
    const { booking } = await book({ sms_updates: true });
    sandbox.faults.refuseWith = 1013;
    expect((await runJob(t.app, 'sms.deliver')).smsSent).toBe(0);
    const [waiting] = await rowsOf(booking.pnr);
    expect(waiting).toMatchObject({
      attempts: 1,
      providerCode: '1013',
      lastError: '1013: Insufficient Credits',
    });
    expect(waiting?.sentAt).toBeNull();
    expect(waiting?.failedAt).toBeNull();
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    sandbox.faults = { ...NO_SMS_FAULTS };
    // Not due yet: the next pass leaves it alone.
    await runJob(t.app, 'sms.deliver');
    expect(received(booking.pnr)).toEqual([]);
    await dueNow(waiting?.id ?? '');
    await runJob(t.app, 'sms.deliver');
    expect(received(booking.pnr)).toHaveLength(1);
    const [sent] = await rowsOf(booking.pnr);
    expect(sent).toMatchObject({ attempts: 2, providerCode: '200', lastError: null });
  });

  it('a gateway that does not answer in time is retried too', async () => {
    const { booking } = await book({ sms_updates: true });
    const impatient = new SparrowSmsProvider({
      token: 'sparrow-test-token',
      from: 'SajiloTrvl',
      url: sandbox.url,
      timeoutMs: 200,
    });
    sandbox.faults.delayMs = 2_000;
    expect(await deliverSms(t.app.db, { provider: impatient })).toBe(0);
    const [row] = await rowsOf(booking.pnr);
    expect(row).toMatchObject({ providerCode: 'timeout', sentAt: null, failedAt: null, attempts: 1 });
  });

  it('gives up a message the gateway refuses for good, and e-mails a hold’s text instead', async () => {
    const { booking } = await book({ sms_updates: true });
    sandbox.faults.refuseWith = 1007;
    await runJob(t.app, 'sms.deliver');
    const [row] = await rowsOf(booking.pnr);
    expect(row).toMatchObject({ kind: 'held', providerCode: '1007', lastError: '1007: Invalid Receiver' });
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(row?.fallbackEmailedAt).toBeInstanceOf(Date);
    const [email] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.subject, `Your booking is held: ${booking.pnr}`)));
    expect(email?.to).toBe('hari@example.com');
    expect(email?.text).toContain(row?.text);
    // Given up is final.
    sandbox.faults = { ...NO_SMS_FAULTS };
    await dueNow(row?.id ?? '');
    await runJob(t.app, 'sms.deliver');
    expect(received(booking.pnr)).toEqual([]);
  });

  it('reminds a ticketed traveller the day before their flight, once', async () => {
    const { offer, booking } = await book({ sms_updates: true }, 7);
    expect((await payBooking(t, agent, booking.pnr, 'wallet')).statusCode).toBe(200);
    await runJob(t.app, 'sms.deliver');
    const departs = new Date(departure(offer));
    const dayBefore = new Date(departs.getTime() - 20 * 3_600_000);
    // Two days before, nothing is due yet for this booking (the file's other bookings may be).
    await queueDepartureReminders(t.app.db, { now: new Date(departs.getTime() - 48 * 3_600_000) });
    expect((await rowsOf(booking.pnr)).filter((row) => row.kind === 'reminder')).toEqual([]);
    expect(await queueDepartureReminders(t.app.db, { now: dayBefore })).toBeGreaterThanOrEqual(1);
    expect(await queueDepartureReminders(t.app.db, { now: dayBefore })).toBe(0);
    await runJob(t.app, 'sms.deliver');
    const reminder = received(booking.pnr).find((m) => m.text.includes('Reminder'));
    expect(reminder?.text).toContain(
      `departs ${smsTime(departure(offer), 'en')} local time. PNR ${booking.pnr}`,
    );
  });

  it('tells an opted-in traveller of a delayed flight once, in their language, with the new local time', async () => {
    const { offer, booking } = await book({ sms_updates: true, language: 'ne' }, 11);
    expect((await payBooking(t, agent, booking.pnr, 'wallet')).statusCode).toBe(200);
    const admin = (await adminSessions(t)).sajiloAdmin;
    const detail = await asAdmin(t, admin, 'GET', `/admin/bookings/${booking.pnr}`);
    const flightId = (detail.json().data as AdminBookingDetail).flights[0]?.flightId ?? '';
    const newDeparture = `${departure(offer).slice(0, 10)}T18:40`;
    const mark = () =>
      asAdmin(t, admin, 'POST', `/admin/flights/${flightId}/disruptions`, {
        reason: 'weather',
        note: 'Fog at Pokhara.',
        change: 'delayed',
        newDepartureLocal: newDeparture,
      });
    expect((await mark()).statusCode).toBe(200);
    expect((await mark()).statusCode).toBe(200);
    await runJob(t.app, 'sms.deliver');
    const told = received(booking.pnr).filter((m) => m.text.includes('अब'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`${smsTime(newDeparture, 'ne')} (स्थानीय)`);
    expect(told[0]?.text).toContain(`PNR ${booking.pnr}`);
    // The e-mail notice is written as ever.
    const notices = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `Flight delayed: booking ${booking.pnr}%`));
    expect(notices).toHaveLength(1);
  });

  it('without a provider nothing is sent and the messages wait in the log', async () => {
    const { booking } = await book({ sms_updates: true });
    expect(await deliverSms(t.app.db, { provider: null })).toBe(0);
    const [row] = await rowsOf(booking.pnr);
    expect(row).toMatchObject({ attempts: 0, sentAt: null, failedAt: null });
  });

  it('refuses a bad choice with the field named', async () => {
    const offer = await findOffer(t, { cookie: agent });
    const response = await api(t, {
      method: 'POST',
      url: '/bookings',
      cookie: agent,
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...bookingBody([offer]), sms_updates: 'yes', language: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.fields)).toEqual(
      expect.arrayContaining(['sms_updates', 'language']),
    );
  });
});

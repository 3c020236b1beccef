import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '#shared/bookings';
import { bookings, emailOutbox, sandboxPayments } from '../../db/schema/index';
import { runJob } from '../../jobs/run-all-jobs';
import { demoBrands } from '../../seed/demo-brands';
import { api, GLOBALIME, logInDemo } from '../../test/accounts';
import { asAdmin } from '../../test/admin';
import { holdBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../test/payment-sandbox';

/**
 * Payment return addresses and e-mail links are on the host of
 * the brand the booking was made on, never PUBLIC_URL's alone (here http://127.0.0.1:port, a host
 * of Sajilo's), and never the host of another brand a request happened to arrive on.
 */

const hostsOf = (slug: string) => demoBrands.find((brand) => brand.slug === slug)?.hosts ?? [];
const GLOBALIME_HOSTS = hostsOf('globalime');
const SAJILO_HOSTS = hostsOf('sajilo');

let t: SandboxTestApp;
let port: string;
let customer: string;
let days = 40;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  port = new URL(t.origin).port;
  customer = await logInDemo(t, 'globalime', 'customer');
});
afterAll(() => t.close());

/** A Global IME customer holds a booking on Global IME's host and starts paying it. */
async function startOnGlobalime(method: 'esewa' | 'khalti' | 'connectips') {
  const held = await holdBooking(t, customer, { days: days++, host: GLOBALIME });
  const started = await api(t, {
    method: 'POST',
    url: `/bookings/${held.pnr}/payments`,
    cookie: customer,
    host: GLOBALIME,
    payload: { method },
  });
  expect(started.statusCode).toBe(200);
  return { pnr: held.pnr, action: started.json().data as PaymentAction };
}

/** The browser arriving at a gateway's return address on `host`: where it is sent (303). */
async function arriveOn(host: string, url: URL): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { host },
  });
  expect(response.statusCode).toBe(303);
  return response.headers.location as string;
}

async function ticketEmails(pnr: string) {
  return t.app.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.subject} like ${`%e-ticket ${pnr}%`}`);
}

/** The e-ticket link of an e-mail's text. */
function ticketLink(text: string | undefined, pnr: string): URL {
  const link = new RegExp(`(https?://\\S+/api/b2b/v2/bookings/${pnr}/ticket\\.pdf)`).exec(text ?? '')?.[1];
  if (!link) throw new Error(`no e-ticket link in ${text}`);
  return new URL(link);
}

describe('payments of a booking made on Global IME’s host', () => {
  it('eSewa: success_url and failure_url are on Global IME’s host; the payer lands there, the e-ticket links there', async () => {
    const { pnr, action } = await startOnGlobalime('esewa');
    if (action.type !== 'form') throw new Error(`expected a form, got ${action.type}`);
    for (const field of ['success_url', 'failure_url']) {
      const url = new URL(action.fields[field] ?? '');
      expect(url.host).toBe(`globalime.localhost:${port}`);
      expect(url.protocol).toBe('http:');
      expect(url.pathname).toMatch(/^\/api\/b2b\/v2\/payments\/esewa\/return\/\w+\/(success|failure)$/);
    }

    const returned = await payInSandbox(gatewayAction(action), 'pay');
    expect(returned.host).toBe(`globalime.localhost:${port}`);
    // On the brand's own host the browser stays where it is.
    const landed = await arriveOn(returned.host, returned);
    expect(landed).toBe(`/Booking/BookingConfirm?pnr=${pnr}&payment=success`);

    const [mail] = await ticketEmails(pnr);
    expect(ticketLink(mail?.text, pnr).host).toBe(`globalime.localhost:${port}`);
  });

  it('Khalti: return_url and website_url are on Global IME’s host', async () => {
    const { action } = await startOnGlobalime('khalti');
    if (action.type !== 'redirect') throw new Error(`expected a redirect, got ${action.type}`);
    const pidx = new URL(action.url).pathname.split('/').at(-1) ?? '';
    const [registered] = await t.app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, pidx));
    expect(new URL(registered?.request.return_url ?? '').host).toBe(`globalime.localhost:${port}`);
    expect(registered?.request.website_url).toBe(`http://globalime.localhost:${port}`);

    const returned = await payInSandbox(gatewayAction(action), 'cancel');
    expect(returned.host).toBe(`globalime.localhost:${port}`);
    expect(returned.pathname).toMatch(/^\/api\/b2b\/v2\/payments\/khalti\/return\//);
  });
});

describe('a request on Sajilo’s host about a Global IME booking', () => {
  it.each(['esewa', 'connectips'] as const)(
    '%s: the return sends the payer on to Global IME’s host and the e-ticket links there, never to Sajilo’s',
    async (method) => {
      const { pnr, action } = await startOnGlobalime(method);
      const returned = await payInSandbox(gatewayAction(action), 'pay');
      // ConnectIPS returns to the one address registered with it (PUBLIC_URL: Sajilo's host);
      // the eSewa return is replayed on Sajilo's host.
      const landed = new URL(await arriveOn('localhost', returned), 'http://localhost');
      expect(SAJILO_HOSTS).not.toContain(landed.hostname);
      expect(GLOBALIME_HOSTS).toContain(landed.hostname);
      expect(landed.port).toBe(port);
      expect(`${landed.pathname}${landed.search}`).toBe(`/Booking/BookingConfirm?pnr=${pnr}&payment=success`);

      const [mail] = await ticketEmails(pnr);
      const link = ticketLink(mail?.text, pnr);
      expect(SAJILO_HOSTS).not.toContain(link.hostname);
      expect(GLOBALIME_HOSTS).toContain(link.hostname);
    },
  );
});

describe('e-ticket e-mails of a Global IME booking', () => {
  it('queued by the job (no request) link to Global IME’s host, read from the database', async () => {
    const { pnr, action } = await startOnGlobalime('esewa');
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    await arriveOn(returned.host, returned);
    // As if the e-mail had not been queued when the booking was ticketed: the job queues it.
    await t.app.db.delete(emailOutbox).where(sql`${emailOutbox.subject} like ${`%e-ticket ${pnr}%`}`);
    await t.app.db
      .update(bookings)
      .set({ ticketEmailedAt: null })
      .where(and(eq(bookings.pnr, pnr), eq(bookings.status, 'ticketed')));
    expect((await runJob(t.app, 'tickets.email-due')).ticketEmails).toBeGreaterThanOrEqual(1);
    const [mail] = await ticketEmails(pnr);
    const link = ticketLink(mail?.text, pnr);
    expect(GLOBALIME_HOSTS).toContain(link.hostname);
    expect(`${link.protocol}//${link.port}`).toBe(`http://${port}`);
  });

  it('resent by Global IME’s admin link to Global IME’s host', async () => {
    const { pnr, action } = await startOnGlobalime('esewa');
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    await arriveOn(returned.host, returned);
    const admin = await logInDemo(t, 'globalime', 'admin');
    const resent = await asAdmin(t, admin, 'POST', `/admin/bookings/${pnr}/resend-ticket`, {}, GLOBALIME);
    expect(resent.statusCode).toBe(200);
    const mails = await ticketEmails(pnr);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(ticketLink(mail.text, pnr).host).toBe(`globalime.localhost:${port}`);
  });
});

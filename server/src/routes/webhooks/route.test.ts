import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { auditLog, emailOutbox, users, webhookDeliveries, webhooks } from '../../db/schema/index';
import { signWebhookBody } from '../../domain/webhooks/webhook-signature';
import { runJob } from '../../jobs/run-all-jobs';
import { api, logInDemo } from '../../test/accounts';
import { holdBooking, payBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A receiver on this machine: records each request, answers `status` (200 unless told). */
interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body, at: Date.now() });
      response.writeHead(state.status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/tikat`;
  return { received, state, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The recipe of docs/webhooks.md, as a receiver writes it: split the header, recompute the HMAC
 * of "<t>.<raw body>" with the secret, compare in constant time, refuse an old timestamp.
 */
function verifyTikatSignature(
  secret: string,
  header: string,
  rawBody: string,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let t: TestApp;
let agent: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_DISABLE_AFTER_FAILURES: '3' });
  agent = await logInDemo(t, 'sajilo', 'agent');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const register = (payload: object, cookie = agent) =>
  api(t, { method: 'POST', url: '/webhooks', cookie, payload });
const deliveriesOf = async (id: string) =>
  (await api(t, { method: 'GET', url: `/webhooks/${id}/deliveries`, cookie: agent })).json().data;

describe('webhooks', () => {
  it('a webhook for booking.ticketed receives that booking’s event, signed, within seconds', async () => {
    const created = await register({ url: receiver.url, events: ['booking.ticketed'] });
    expect(created.statusCode).toBe(200);
    const { id, secret } = created.json().data;
    expect(secret).toMatch(/^whsec_/);
    const listed = await api(t, { method: 'GET', url: '/webhooks', cookie: agent });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id, url: receiver.url, disabledAt: null }),
    ]);
    expect(listed.body).not.toContain(secret);

    const held = await holdBooking(t, agent);
    const started = Date.now();
    const paid = await payBooking(t, agent, held.pnr, 'wallet');
    expect(paid.statusCode).toBe(200);
    expect(await runJob(t.app, 'webhooks.deliver')).toEqual({ webhooksDelivered: 1 });

    // Only the subscribed event: the hold was not sent.
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received as [Received];
    expect(delivery.at - started).toBeLessThan(5_000);
    const header = delivery.headers['tikat-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyTikatSignature(secret, header, delivery.body)).toBe(true);
    expect(verifyTikatSignature(secret, header, delivery.body.replace('ticketed', 'cancelled'))).toBe(false);
    expect(verifyTikatSignature('whsec_wrong', header, delivery.body)).toBe(false);

    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      type: 'booking.ticketed',
      data: { booking: { pnr: held.pnr, status: 'ticketed' } },
    });
    expect(delivery.headers['tikat-event-id']).toBe(event.id);
    expect(Date.parse(event.time)).toBeGreaterThanOrEqual(started - 1_000);
    // The booking as the API presents it to its owner.
    const asApi = (await api(t, { method: 'GET', url: `/bookings/${held.pnr}`, cookie: agent })).json()
      .data as Booking;
    expect(event.data.booking).toEqual(asApi);

    const log = await deliveriesOf(id);
    expect(log).toEqual([
      expect.objectContaining({
        eventId: event.id,
        type: 'booking.ticketed',
        state: 'delivered',
        lastStatusCode: 200,
        attempts: 1,
      }),
    ]);

    // Redelivered on request: the same event id and body, signed again.
    const again = await api(t, {
      method: 'POST',
      url: `/webhooks/${id}/deliveries/${log[0].id}/redeliver`,
      cookie: agent,
    });
    expect(again.statusCode).toBe(200);
    await runJob(t.app, 'webhooks.deliver');
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(delivery.body);
    expect(
      verifyTikatSignature(secret, receiver.received[1]?.headers['tikat-signature'] as string, delivery.body),
    ).toBe(true);

    expect((await api(t, { method: 'DELETE', url: `/webhooks/${id}`, cookie: agent })).statusCode).toBe(200);
    await payBooking(t, agent, (await holdBooking(t, agent)).pnr, 'wallet');
    await runJob(t.app, 'webhooks.deliver');
    expect(receiver.received).toHaveLength(2);
  });

  it('retries a failing receiver with back-off, logs its status codes, and disables the webhook with an e-mail', async () => {
    receiver.received.length = 0;
    receiver.state.status = 500;
    const { id, secret } = (
      await register({ url: receiver.url, events: ['booking.held', 'booking.cancelled'] })
    ).json().data;
    const held = await holdBooking(t, agent);
    await runJob(t.app, 'webhooks.deliver');
    const [first] = await deliveriesOf(id);
    expect(first).toMatchObject({ type: 'booking.held', state: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(Date.parse(first.nextAttemptAt) - Date.now()).toBeGreaterThan(20_000);
    // Not due yet: the next pass sends nothing.
    await runJob(t.app, 'webhooks.deliver');
    expect(receiver.received).toHaveLength(1);

    // Each later attempt waits twice as long; make them due to see the third failure disable it.
    for (const attempt of [2, 3]) {
      await t.app.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.webhookId, id));
      await runJob(t.app, 'webhooks.deliver');
      expect(receiver.received).toHaveLength(attempt);
    }
    const [disabled] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, id));
    expect(disabled?.disabledAt).not.toBeNull();
    expect((await deliveriesOf(id))[0]).toMatchObject({ state: 'failed', attempts: 3, lastStatusCode: 500 });
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'agent@sajilo.example'));
    expect(mails.map((m) => m.subject)).toContain('Your webhook was disabled');

    // A disabled webhook is told nothing more.
    await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    await runJob(t.app, 'webhooks.deliver');
    expect(receiver.received).toHaveLength(3);

    // The secret is the owner's only: not in the outbox, the audit log or the table in clear.
    const everywhere = JSON.stringify([
      await t.app.db.select().from(emailOutbox),
      await t.app.db.select().from(auditLog),
      await t.app.db.select().from(webhooks),
    ]);
    expect(everywhere).not.toContain(secret.slice(6));
    receiver.state.status = 200;
  });

  it('tells each event of the agent’s bookings and wallet: held, ticketed, wallet.low, disrupted, refunded, cancelled', async () => {
    receiver.received.length = 0;
    receiver.state.status = 200;
    const { id, secret } = (
      await register({
        url: receiver.url,
        events: [
          'booking.held',
          'booking.ticketed',
          'booking.cancelled',
          'booking.refunded',
          'flight.disrupted',
          'wallet.low',
        ],
      })
    ).json().data;
    const events = async () => {
      await runJob(t.app, 'webhooks.deliver');
      const bodies = receiver.received.splice(0).map((r) => {
        expect(verifyTikatSignature(secret, r.headers['tikat-signature'] as string, r.body)).toBe(true);
        return JSON.parse(r.body);
      });
      return bodies.map((e) => `${e.type} ${e.data.booking?.pnr ?? e.data.wallet?.currency}`).sort();
    };

    const paidOne = await holdBooking(t, agent, { days: 10 });
    const heldOne = await holdBooking(t, agent, { days: 10 });
    expect(await events()).toEqual([`booking.held ${heldOne.pnr}`, `booking.held ${paidOne.pnr}`].sort());

    // This payment takes the wallet below the low mark: wallet.low beside the ticket.
    const [wallet] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    const env = t.app.env as { WALLET_LOW_BALANCE_MINOR: number };
    const lowMark = env.WALLET_LOW_BALANCE_MINOR;
    env.WALLET_LOW_BALANCE_MINOR = (wallet?.walletBalance ?? 0) - 1;
    try {
      expect((await payBooking(t, agent, paidOne.pnr, 'wallet')).statusCode).toBe(200);
    } finally {
      env.WALLET_LOW_BALANCE_MINOR = lowMark;
    }
    expect(await events()).toEqual([`booking.ticketed ${paidOne.pnr}`, 'wallet.low NPR']);

    const adminCookie = await logInDemo(t, 'sajilo', 'admin');
    const detail = await api(t, {
      method: 'GET',
      url: `/admin/bookings/${paidOne.pnr}`,
      cookie: adminCookie,
    });
    const flightId = detail.json().data.flights[0].flightId as string;
    const marked = await api(t, {
      method: 'POST',
      url: `/admin/flights/${flightId}/disruptions`,
      cookie: adminCookie,
      payload: { reason: 'weather', change: 'disrupted', note: 'Fog at Pokhara.' },
    });
    expect(marked.statusCode).toBe(200);
    const disrupted = await events();
    expect(disrupted).toContain(`flight.disrupted ${paidOne.pnr}`);
    expect(disrupted.every((e) => e.startsWith('flight.disrupted '))).toBe(true);

    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${heldOne.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode).toBe(200);
    const refunded = await api(t, {
      method: 'POST',
      url: `/bookings/${paidOne.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(refunded.statusCode).toBe(200);
    const status = refunded.json().data.quote.refund > 0 ? 'refunded' : 'cancelled';
    expect(await events()).toEqual(
      [`booking.cancelled ${heldOne.pnr}`, `booking.${status} ${paidOne.pnr}`].sort(),
    );

    await api(t, { method: 'DELETE', url: `/webhooks/${id}`, cookie: agent });
  });

  it('refuses bad input and other users’ webhooks', async () => {
    const bad = await register({ url: 'ftp://example.com/x', events: ['booking.paid'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toEqual(expect.arrayContaining(['url', 'events.0']));
    const customer = await logInDemo(t, 'sajilo', 'customer');
    expect((await register({ url: receiver.url, events: ['booking.held'] }, customer)).statusCode).toBe(403);
    const { id } = (await register({ url: receiver.url, events: ['wallet.low'] })).json().data;
    const otherAgent = await logInDemo(t, 'globalime', 'agent');
    const other = await api(t, {
      method: 'GET',
      url: `/webhooks/${id}/deliveries`,
      cookie: otherAgent,
      host: 'globalime.localhost',
    });
    expect(other.statusCode).toBe(404);
    const missing = await api(t, { method: 'DELETE', url: `/webhooks/${randomUUID()}`, cookie: agent });
    expect(missing.statusCode).toBe(404);
  });
});

describe('webhook targets without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let strictAgent: string;
  beforeAll(async () => {
    strict = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: '' });
    strictAgent = await logInDemo(strict, 'sajilo', 'agent');
  });
  afterAll(() => strict.close());

  it('refuses link-local, loopback and private addresses with 400, naming the url', async () => {
    const cookie = await logInDemo(strict, 'sajilo', 'agent');
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://[::1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
    ]) {
      const response = await api(strict, {
        method: 'POST',
        url: '/webhooks',
        cookie,
        payload: { url, events: ['booking.held'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().data.code).toBe('WEBHOOK_TARGET_REFUSED');
      expect(response.json().data.fields).toHaveProperty('url');
    }
    expect((await api(strict, { method: 'GET', url: '/webhooks', cookie })).json().data).toEqual([]);
  });

  // docs/security.md#webhook-targets: the translation and tunnel networks, as people write them.
  it.each([
    ['NAT64, compressed', 'http://[64:ff9b::a9fe:a9fe]/hook'],
    ['NAT64, dotted quad', 'http://[64:ff9b::169.254.169.254]/latest/meta-data/'],
    ['NAT64, expanded', 'https://[0064:ff9b:0000:0000:0000:0000:7f00:0001]:8443/hook'],
    ['NAT64, public IPv4 inside', 'http://[64:ff9b::8.8.8.8]/hook'],
    ['local NAT64', 'http://[64:ff9b:1::a00:1]/hook'],
    ['local NAT64, dotted quad', 'http://[64:ff9b:1:0:0:0:127.0.0.1]/hook'],
    ['6to4, compressed', 'http://[2002:a9fe:a9fe::1]/hook'],
    ['6to4, expanded', 'http://[2002:c0a8:0101:0000:0000:0000:0000:0001]/hook'],
    ['6to4, public IPv4 inside', 'http://[2002:808:808::1]/hook'],
    ['Teredo, client 127.0.0.1', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook'],
    ['Teredo, compressed', 'http://[2001::4136:e378:8000:63bf:5601:5601]/hook'],
    ['IPv4-compatible, dotted quad', 'http://[::169.254.169.254]/hook'],
    ['IPv4-compatible, hex', 'http://[::a9fe:a9fe]/hook'],
    ['IPv4-compatible, public IPv4 inside', 'http://[::8.8.8.8]/hook'],
    ['IPv4-mapped, hex', 'http://[::ffff:a9fe:a9fe]/hook'],
    ['IPv4-mapped, expanded dotted quad', 'http://[0:0:0:0:0:ffff:127.0.0.1]/hook'],
    ['IPv4-mapped, upper case', 'HTTP://[::FFFF:A00:1]:80/hook'],
    ['IPv4-mapped, public IPv4 inside', 'http://[::ffff:8.8.8.8]/hook'],
    ['discard-only', 'http://[100::1]/hook'],
    ['discard-only, expanded', 'http://[0100:0000:0000:0000:0000:0000:0000:0001]/hook'],
    ['documentation', 'http://[2001:db8::1]/hook'],
    ['documentation, expanded', 'https://[2001:0db8:0000:0000:0000:0000:0000:0001]/hook'],
    ['unspecified', 'http://[::]/hook'],
    ['unspecified IPv4', 'http://0.0.0.0/hook'],
    ['IPv4 in hex', 'http://0x7f.0.0.1/hook'],
    ['IPv4 as one number', 'http://2852039166/latest/meta-data/'],
  ])('refuses %s (%s) with 400 WEBHOOK_TARGET_REFUSED, keeping nothing', async (_, url) => {
    const cookie = strictAgent;
    const response = await api(strict, {
      method: 'POST',
      url: '/webhooks',
      cookie,
      payload: { url, events: ['booking.held'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.code).toBe('WEBHOOK_TARGET_REFUSED');
    expect(response.json().data.fields).toHaveProperty('url');
    expect((await api(strict, { method: 'GET', url: '/webhooks', cookie })).json().data).toEqual([]);
  });

  it('registers a public IPv6 address beside those networks', async () => {
    const cookie = strictAgent;
    for (const url of ['http://[2001:4860:4860::8888]/hook', 'https://[2606:4700:4700::1111]/hook']) {
      const response = await api(strict, {
        method: 'POST',
        url: '/webhooks',
        cookie,
        payload: { url, events: ['booking.held'] },
      });
      expect(response.statusCode, url).toBe(200);
      const { id } = response.json().data;
      await api(strict, { method: 'DELETE', url: `/webhooks/${id}`, cookie });
    }
  });
});

describe('POST /webhooks/:id/test', () => {
  it('sends a signed webhook.test to that webhook only, logged as a delivery; refused for another’s', async () => {
    const own = await startReceiver();
    const admin = await logInDemo(t, 'sajilo', 'admin');
    try {
      const created = await register({ url: own.url, events: ['wallet.low'] }, admin);
      expect(created.statusCode, created.body).toBe(200);
      const { id, secret } = created.json().data;
      const sent = await api(t, { method: 'POST', url: `/webhooks/${id}/test`, cookie: admin });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toMatchObject({ type: 'webhook.test', state: 'pending', attempts: 0 });
      await runJob(t.app, 'webhooks.deliver');

      expect(own.received).toHaveLength(1);
      const [delivery] = own.received as [Received];
      expect(verifyTikatSignature(secret, delivery.headers['tikat-signature'] as string, delivery.body)).toBe(
        true,
      );
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'webhook.test',
        data: { test: expect.any(Object) },
      });
      const log = (await api(t, { method: 'GET', url: `/webhooks/${id}/deliveries`, cookie: admin })).json()
        .data;
      expect(log).toEqual([
        expect.objectContaining({
          id: sent.json().data.id,
          type: 'webhook.test',
          state: 'delivered',
          lastStatusCode: 200,
        }),
      ]);

      // Another user's webhook is not found; a bad id is named.
      const notYours = await api(t, { method: 'POST', url: `/webhooks/${id}/test`, cookie: agent });
      expect(notYours.statusCode).toBe(404);
      const bad = await api(t, { method: 'POST', url: '/webhooks/not-an-id/test', cookie: admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.fields).toHaveProperty('id');
    } finally {
      await own.close();
    }
  });
});

describe('docs/webhooks.md', () => {
  it('carries the test vector this code computes', () => {
    const doc = readFileSync(new URL('../../../../docs/webhooks.md', import.meta.url), 'utf8');
    const vector = /secret: `([^`]+)`\s*\n.*t: `(\d+)`\s*\n.*body: `([^`]+)`\s*\n.*header: `([^`]+)`/.exec(
      doc,
    );
    expect(vector).not.toBeNull();
    const [, secret, t, body, header] = vector as unknown as [string, string, string, string, string];
    expect(signWebhookBody(secret, Number(t), body)).toBe(header);
  });
});

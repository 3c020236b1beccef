import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { auditLog, users } from '../../db/schema/index';
import { DEMO_GRANTED_COMMISSION_PERCENT } from '../../seed/demo-brands';
import { api, GLOBALIME, logIn, logInDemo } from '../../test/accounts';
import { bookingBody, inDays, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '40' });
  agent = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(() => t.close());

const createKey = (cookie: string, payload: object) =>
  api(t, { method: 'POST', url: '/api-keys', cookie, payload });

const withKey = (
  key: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers = {},
) => api(t, { method, url, bearer: key, payload, headers });

const search = (key: string) =>
  withKey(key, 'POST', '/flights/search', {
    depart_code: 'KTM',
    dest_code: 'PKR',
    depart_date: inDays(4),
    nationality_code: 'NP',
    adults: 1,
    children: 0,
    infants: 0,
  });

describe('API keys', () => {
  it('an agent creates a key, searches with their commission, books and pays from the wallet; revoked, it gets 401', async () => {
    const created = await createKey(agent, { name: 'Back office' });
    expect(created.statusCode).toBe(200);
    const { key, id, prefix, scopes } = created.json().data;
    expect(key).toMatch(/^tka_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(scopes).toEqual(['search', 'book', 'pay', 'read']);

    // Listed afterwards with its prefix only, never the key.
    const listed = await api(t, { method: 'GET', url: '/api-keys', cookie: agent });
    expect(listed.json().data).toEqual([expect.objectContaining({ id, prefix, revokedAt: null })]);
    expect(listed.body).not.toContain(key);

    const found = await search(key);
    expect(found.statusCode).toBe(200);
    const offer = (found.json().data.legs[0].offers as FlightOffer[]).find(
      (o) => o.stops === 0,
    ) as FlightOffer;
    expect(offer.price.commission?.percent).toBe(DEMO_GRANTED_COMMISSION_PERCENT);
    expect(offer.price.commission?.amount).toBeGreaterThan(0);

    const before = await walletOf(t.app.db, 'agent@sajilo.example');
    const held = await withKey(key, 'POST', '/bookings', bookingBody([offer]), {
      'idempotency-key': randomUUID(),
    });
    expect(held.statusCode).toBe(200);
    const pnr = held.json().data.pnr as string;
    const paid = await withKey(key, 'POST', `/bookings/${pnr}/payments`, { method: 'wallet' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.booking.status).toBe('ticketed');
    const after = await walletOf(t.app.db, 'agent@sajilo.example');
    // The agent pays the agency's price less their commission, from their own wallet.
    const commission = paid.json().data.booking.price.commission;
    expect(commission?.amount).toBeGreaterThan(0);
    expect(after.balance).toBe(before.balance - commission.net_total);
    expect(after.ledger).toBe(after.balance);

    // The booking is the agent's own: their session sees it.
    const mine = await api(t, { method: 'GET', url: `/bookings/${pnr}`, cookie: agent });
    expect(mine.statusCode).toBe(200);

    // Last use is shown, and each change made with the key is in the brand's audit log.
    const [again] = (await api(t, { method: 'GET', url: '/api-keys', cookie: agent })).json().data;
    expect(again.lastUsedAt).not.toBeNull();
    const uses = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'api-key.use')));
    expect(uses.map((u) => u.after?.route)).toEqual(
      expect.arrayContaining([
        '/api/b2b/v2/flights/search',
        '/api/b2b/v2/bookings',
        '/api/b2b/v2/bookings/:pnr/payments',
      ]),
    );
    expect(JSON.stringify(uses)).not.toContain(key);

    const revoked = await api(t, { method: 'DELETE', url: `/api-keys/${id}`, cookie: agent });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    for (const response of [await search(key), await withKey(key, 'GET', `/bookings/${pnr}`)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().data.code).toBe('INVALID_API_KEY');
    }
  });

  it('stores only a keyed hash of the key', async () => {
    const { key, id } = (await createKey(agent, { name: 'Hash check' })).json().data;
    const rows = await t.database.db.execute(`select * from api_keys where id = '${id}'`);
    expect(JSON.stringify(rows)).not.toContain(key.slice(12));
  });

  it('narrows the owner to the key’s scopes', async () => {
    const { key } = (await createKey(agent, { name: 'Read only', scopes: ['read'] })).json().data;
    const searched = await search(key);
    expect(searched.statusCode).toBe(403);
    expect(searched.json().data).toMatchObject({ code: 'API_KEY_SCOPE', scope: 'search' });
    expect((await withKey(key, 'GET', '/bookings')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/me')).json().data.email).toBe('agent@sajilo.example');

    const searchOnly = (await createKey(agent, { name: 'Search only', scopes: ['search'] })).json().data.key;
    const offer = (await search(searchOnly)).json().data.legs[0].offers[0] as FlightOffer;
    const booked = await withKey(searchOnly, 'POST', '/bookings', bookingBody([offer]), {
      'idempotency-key': randomUUID(),
    });
    expect(booked.json().data).toMatchObject({ code: 'API_KEY_SCOPE', scope: 'book' });

    // Whatever its scopes, a key makes no keys, changes no password and no profile.
    for (const [method, url, payload] of [
      ['POST', '/api-keys', { name: 'Child' }],
      ['POST', '/auth/password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/update-user-profile', { commission_percent: 5 }],
    ] as const) {
      const response = await withKey(key, method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().data.code).toBe('API_KEY_SCOPE');
    }
  });

  it('refuses travellers, another brand’s key, a suspended owner and bad input', async () => {
    const customer = await logInDemo(t, 'sajilo', 'customer');
    expect((await createKey(customer, { name: 'Mine' })).statusCode).toBe(403);
    expect((await createKey(agent, { name: '' })).json().data.fields).toHaveProperty('name');
    expect((await createKey(agent, { name: 'x', scopes: ['admin'] })).json().data.fields).toHaveProperty(
      'scopes.0',
    );

    const { key } = (await createKey(agent, { name: 'Sajilo only' })).json().data;
    const elsewhere = await api(t, { method: 'GET', url: '/me', host: GLOBALIME, bearer: key });
    expect(elsewhere.statusCode).toBe(401);
    expect((await withKey('tka_not-a-key', 'GET', '/me')).statusCode).toBe(401);

    const other = await logIn(t, 'agent@globalime.example', { host: GLOBALIME });
    const otherKey = (
      await api(t, {
        method: 'POST',
        url: '/api-keys',
        host: GLOBALIME,
        cookie: other.cookie,
        payload: { name: 'k' },
      })
    ).json().data;
    // Another user's key cannot be revoked by its id.
    expect(
      (await api(t, { method: 'DELETE', url: `/api-keys/${otherKey.id}`, cookie: agent })).statusCode,
    ).toBe(404);
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.email, 'agent@globalime.example'));
    const suspended = await api(t, { method: 'GET', url: '/me', host: GLOBALIME, bearer: otherKey.key });
    expect(suspended.statusCode).toBe(401);
  });

  it('limits each key’s requests per minute', async () => {
    const { key } = (await createKey(agent, { name: 'Busy' })).json().data;
    const other = (await createKey(agent, { name: 'Quiet' })).json().data.key;
    let limited = 0;
    for (let i = 0; i < 45; i++) {
      const response = await withKey(key, 'GET', '/me');
      if (response.statusCode === 429) {
        limited++;
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(limited).toBe(5);
    expect((await withKey(other, 'GET', '/me')).statusCode).toBe(200);
  });
});

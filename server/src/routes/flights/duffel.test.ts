import { Duffel } from '@duffel/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlightOffer, SupplierAnswer } from '#shared/flights';
import { auditLog } from '../../db/schema/index';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import {
  type DuffelSandbox,
  NO_FAULTS,
  startDuffelSandbox,
} from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { api, logInDemo } from '../../test/accounts';
import { adminSessions, asAdmin } from '../../test/admin';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sandbox: DuffelSandbox;
let duffel: Duffel;
const TOKEN = 'duffel_test_tikat';

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  duffel = new Duffel({ token: TOKEN, basePath: sandbox.url });
  t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: TOKEN,
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: '3000',
  });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => Object.assign(sandbox.faults, NO_FAULTS));

const date = dateOf(todayInNepal() + 30);

async function search(dest: string, extra: Record<string, unknown> = {}, cookie?: string) {
  const response = await api(t, {
    method: 'POST',
    url: '/flights/search',
    cookie,
    payload: { depart_code: 'KTM', dest_code: dest, depart_date: date, nationality_code: 'NP', ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    currency: string;
    legs: { offers: FlightOffer[] }[];
    suppliers: SupplierAnswer[];
  };
  return { ...data, offers: data.legs[0]?.offers ?? [] };
}

const duffelOfferIdOf = (offer: FlightOffer) => offer.id.split('~')[1] as string;

async function availability(offers: { id: string; total?: number }[], cookie?: string) {
  return api(t, { method: 'POST', url: '/flights/availability', cookie, payload: { offers } });
}

describe('Duffel beside the house inventory', () => {
  it("merges Duffel offers into KTM→LHR priced in NPR at the rate, in local times with each airport's offset", async () => {
    const result = await search('LHR');
    expect(result.suppliers.map((s) => [s.id, s.status])).toEqual([
      ['house', 'ok'],
      ['duffel', 'ok'],
    ]);
    expect(result.currency).toBe('NPR');
    const fromDuffel = result.offers.filter((o) => o.supplier === 'duffel');
    const fromHouse = result.offers.filter((o) => o.supplier === 'house');
    expect(fromDuffel.length).toBeGreaterThan(0);
    expect(fromHouse.length).toBeGreaterThan(0);
    // Cheapest first across both suppliers.
    const totals = result.offers.map((o) => o.price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));

    const offer = fromDuffel[0] as FlightOffer;
    const atDuffel = (await duffel.offers.get(duffelOfferIdOf(offer))).data;
    expect(atDuffel.total_currency).toBe('GBP');
    // The default table's GBP selling rate: NPR 186.50 for 1 GBP; pence × 18650 / 100 paisa.
    const pence = Math.round(Number(atDuffel.total_amount) * 100);
    expect(offer.price.currency).toBe('NPR');
    expect(offer.price.total).toBe(Math.round((pence * 18_650) / 100));
    expect(offer.supplier_quote).toMatchObject({
      offer_id: atDuffel.id,
      amount: pence,
      currency: 'GBP',
      rate: { currency: 'GBP', unit: 1, npr: 18_650, effective_date: '2026-11-01', source: 'default' },
      identity_documents_required: true,
      instant_payment_required: false,
    });
    expect(offer.supplier_quote?.passenger_ids).toEqual(atDuffel.passengers.map((p) => p.id));
    const [first, second] = offer.segments;
    expect(first?.depart_code).toBe('KTM');
    expect(first?.depart_at).toMatch(/\+05:45$/);
    expect(first?.arrive_at).toMatch(/\+03:00$/);
    expect(second?.dest_code).toBe('LHR');
    expect(second?.arrive_at).toMatch(/\+0[01]:00$/);
    expect(offer.stops).toBe(1);
    const saver = fromDuffel.find((o) => o.fare.family === 'Economy Saver');
    expect(saver?.conditions?.refund).toEqual({ allowed: false, tiers: [] });
    expect(saver?.conditions?.change.allowed).toBe(true);
    // GBP 100 change penalty, per passenger, shared over the two flights: NPR 9,325 each.
    expect(saver?.conditions?.change.tiers[0]?.fee).toEqual({ amount: 932_500, currency: 'NPR' });
    expect(saver?.fare.refundable).toBe(false);
  });

  it('shows an agent the commission on Duffel offers as on house offers', async () => {
    const cookie = await logInDemo(t, 'sajilo', 'agent');
    const { offers } = await search('DOH', { user_type: 'agent' }, cookie);
    const offer = offers.find((o) => o.supplier === 'duffel');
    expect(offer?.price.commission?.amount).toBeGreaterThan(0);
    expect(offer?.price.commission?.net_total).toBe(
      (offer?.price.total ?? 0) - (offer?.price.commission?.amount ?? 0),
    );
  });

  it('answers with the house offers alone when Duffel hangs past the timeout', async () => {
    sandbox.faults.delayMs = 20_000;
    const result = await search('DEL');
    expect(result.suppliers.find((s) => s.id === 'duffel')?.status).toBe('timeout');
    expect(result.offers.length).toBeGreaterThan(0);
    expect(result.offers.every((o) => o.supplier === 'house')).toBe(true);
  });

  it('answers with the house offers alone when Duffel answers 500', async () => {
    sandbox.faults.failStatus = 500;
    const result = await search('DOH');
    expect(result.suppliers.find((s) => s.id === 'duffel')?.status).toBe('error');
    expect(result.offers.length).toBeGreaterThan(0);
    expect(result.offers.every((o) => o.supplier === 'house')).toBe(true);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(
      /tikat_supplier_search_answers_total\{supplier="duffel",status="error"\} [1-9]/,
    );
    expect(metrics.body).toMatch(
      /tikat_supplier_search_answers_total\{supplier="duffel",status="timeout"\} [1-9]/,
    );
  });

  it('re-prices a Duffel offer at Duffel: the same price, PRICE_CHANGED when it moved, OFFER_EXPIRED when gone', async () => {
    const { offers } = await search('KUL');
    const offer = offers.find((o) => o.supplier === 'duffel') as FlightOffer;
    const before = sandbox.received.filter((r) => r.path === `/air/offers/${duffelOfferIdOf(offer)}`).length;
    const same = await availability([{ id: offer.id, total: offer.price.total }]);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.offers[0].offer.price.total).toBe(offer.price.total);
    expect(sandbox.received.filter((r) => r.path === `/air/offers/${duffelOfferIdOf(offer)}`)).toHaveLength(
      before + 1,
    );

    sandbox.faults.priceIncreaseMinor = 2_000; // USD 20.00 more at Duffel
    const moved = await availability([{ id: offer.id, total: offer.price.total }]);
    expect(moved.statusCode).toBe(409);
    const { data } = moved.json();
    expect(data.code).toBe('PRICE_CHANGED');
    expect(data.old_price.total).toBe(offer.price.total);
    // USD 20 at NPR 141.85.
    expect(data.new_price.total - offer.price.total).toBe(283_700);

    sandbox.faults.priceIncreaseMinor = 0;
    sandbox.faults.expireOffers = true;
    const gone = await availability([{ id: offer.id, total: data.new_price.total }]);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().data.code).toBe('OFFER_EXPIRED');
  });

  it('answers SUPPLIER_UNAVAILABLE, not a 500, when Duffel fails while re-pricing', async () => {
    const { offers } = await search('BKK');
    const offer = offers.find((o) => o.supplier === 'duffel') as FlightOffer;
    sandbox.faults.failStatus = 503;
    const failed = await availability([{ id: offer.id, total: offer.price.total }]);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().data).toMatchObject({
      code: 'SUPPLIER_UNAVAILABLE',
      supplier: 'duffel',
      reason: 'internal_server_error',
    });
    sandbox.faults.failStatus = null;
    sandbox.faults.delayMs = 20_000;
    const hung = await availability([{ id: offer.id, total: offer.price.total }]);
    expect(hung.statusCode).toBe(502);
    expect(hung.json().data).toMatchObject({
      code: 'SUPPLIER_UNAVAILABLE',
      supplier: 'duffel',
      reason: 'timeout',
    });
  });

  it("prices with the rates the brand's admin enters (audited), and refuses bad rates naming the field", async () => {
    const sessions = await adminSessions(t);
    const admin = (method: 'GET' | 'PUT', payload?: unknown) =>
      asAdmin(t, sessions.sajiloAdmin, method, '/admin/exchange-rates', payload);
    const listed = (await admin('GET')).json().data;
    expect(listed.defaults_date).toBe('2026-11-01');
    expect(listed.rates.find((r: { currency: string }) => r.currency === 'GBP')).toMatchObject({
      unit: 1,
      npr: 18_650,
      source: 'default',
    });

    const bad = await admin('PUT', {
      effective_date: '2026-11-20',
      rates: [{ currency: 'NPR', unit: 3, npr: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual([
      'rates.0.currency',
      'rates.0.npr',
      'rates.0.unit',
    ]);
    const customer = await logInDemo(t, 'sajilo', 'customer');
    const forbidden = await api(t, {
      method: 'PUT',
      url: '/admin/exchange-rates',
      cookie: customer,
      payload: { effective_date: '2026-11-20', rates: [{ currency: 'GBP', unit: 1, npr: 19_000 }] },
    });
    expect(forbidden.statusCode).toBe(403);

    const saved = await admin('PUT', {
      effective_date: '2026-11-20',
      rates: [{ currency: 'gbp', unit: 1, npr: 19_000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.rates.find((r: { currency: string }) => r.currency === 'GBP')).toEqual({
      currency: 'GBP',
      unit: 1,
      npr: 19_000,
      effective_date: '2026-11-20',
      source: 'admin',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'exchange_rates.update'));
    expect(audit?.before).toMatchObject({ GBP: { npr: 18_650, source: 'default' } });
    expect(audit?.after).toMatchObject({ GBP: { npr: 19_000, source: 'admin' } });

    const offer = (await search('LHR')).offers.find((o) => o.supplier === 'duffel') as FlightOffer;
    const atDuffel = (await duffel.offers.get(duffelOfferIdOf(offer))).data;
    const pence = Math.round(Number(atDuffel.total_amount) * 100);
    expect(offer.price.total).toBe(Math.round((pence * 19_000) / 100));
  });
});

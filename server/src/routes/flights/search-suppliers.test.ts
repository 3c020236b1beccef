import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer, SupplierAnswer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { type DuffelSandbox, startDuffelSandbox } from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { api } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sandbox: DuffelSandbox;

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: 'duffel_test_tikat',
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: '3000',
  });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const search = (suppliers: unknown) =>
  api(t, {
    method: 'POST',
    url: '/flights/search',
    payload: {
      depart_code: 'KTM',
      dest_code: 'DEL',
      depart_date: dateOf(todayInNepal() + 20),
      nationality_code: 'NP',
      ...(suppliers === undefined ? {} : { suppliers }),
    },
  });
const offerRequests = () => sandbox.received.filter((r) => r.path.startsWith('/air/offer_requests')).length;

describe('a search that names its suppliers (the web asks the house inventory first)', () => {
  it('tells the web which inventories a search asks', async () => {
    const config = await api(t, { method: 'GET', url: '/site-config' });
    expect(config.json().data.suppliers).toEqual(['house', 'duffel']);
  });

  it('asks only the house inventory for ["house"], and Duffel nothing', async () => {
    const before = offerRequests();
    const response = await search(['house']);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { legs: { offers: FlightOffer[] }[]; suppliers: SupplierAnswer[] };
    expect(data.suppliers.map((s) => [s.id, s.status])).toEqual([['house', 'ok']]);
    expect(data.legs[0]?.offers.length).toBeGreaterThan(0);
    expect(data.legs[0]?.offers.every((offer) => offer.supplier === 'house')).toBe(true);
    expect(offerRequests()).toBe(before);
  });

  it('asks only Duffel for ["duffel"], and every configured supplier without the field', async () => {
    const onlyDuffel = (await search(['duffel'])).json().data;
    expect(onlyDuffel.suppliers.map((s: SupplierAnswer) => s.id)).toEqual(['duffel']);
    expect(onlyDuffel.legs[0].offers.every((offer: FlightOffer) => offer.supplier === 'duffel')).toBe(true);
    const all = (await search(undefined)).json().data;
    expect(all.suppliers.map((s: SupplierAnswer) => s.id)).toEqual(['house', 'duffel']);
  });

  it('refuses a malformed supplier list with 400 naming the field', async () => {
    for (const [suppliers, field] of [
      [['House Inventory!'], 'suppliers.0'],
      [[], 'suppliers'],
      ['house', 'suppliers'],
    ] as const) {
      const response = await search(suppliers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: { code: 'VALIDATION_FAILED' } });
      expect(Object.keys(response.json().data.fields)).toContain(field);
    }
  });
});

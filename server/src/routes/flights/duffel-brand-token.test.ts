import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { type DuffelSandbox, startDuffelSandbox } from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { api, GLOBALIME, logInDemo } from '../../test/accounts';
import { adult, bookingBody, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Duffel per brand, with no deployment token (DUFFEL_ACCESS_TOKEN unset): a brand that saved its
 * own Duffel token searches and books Duffel with it; a brand without one is not sent to Duffel.
 */
let t: TestApp;
let sandbox: DuffelSandbox;
let admin: string;
let agent: string;
let otherAgent: string;
const BRAND_TOKEN = 'duffel_test_sajilo_only_account_7c2q';
const date = dateOf(todayInNepal() + 33);

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  t = await createTestApp({ DUFFEL_API_URL: sandbox.url, SUPPLIER_TIMEOUT_MS: '3000' });
  expect(t.app.env.DUFFEL_ACCESS_TOKEN).toBeUndefined();
  admin = await logInDemo(t, 'sajilo', 'admin');
  agent = await logInDemo(t, 'sajilo', 'agent');
  otherAgent = await logInDemo(t, 'globalime', 'agent');
  const saved = await api(t, {
    method: 'PUT',
    url: '/admin/supplier-credentials/duffel',
    cookie: admin,
    payload: { accessToken: BRAND_TOKEN },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

async function search(cookie: string, host?: string) {
  const response = await api(t, {
    method: 'POST',
    url: '/flights/search',
    cookie,
    ...(host ? { host } : {}),
    payload: {
      depart_code: 'KTM',
      dest_code: 'DOH',
      depart_date: date,
      nationality_code: 'NP',
      user_type: 'agent',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(BRAND_TOKEN);
  const data = response.json().data as { legs: { offers: FlightOffer[] }[]; suppliers: { id: string }[] };
  return {
    duffel: (data.legs[0]?.offers ?? []).filter((o) => o.supplier === 'duffel'),
    asked: data.suppliers.map((s) => s.id),
  };
}

const authorizationsSince = (from: number, path: string) =>
  sandbox.received
    .slice(from)
    .filter((r) => r.path.replace(/\/$/, '') === path)
    .map((r) => r.headers.authorization);

describe('Duffel for a brand with its own token and no deployment token', () => {
  it('the brand with a token sees Duffel offers, asked with its token; the brand without one is not sent to Duffel', async () => {
    let from = sandbox.received.length;
    const own = await search(agent);
    expect(own.duffel.length).toBeGreaterThan(0);
    expect(own.asked).toContain('duffel');
    expect(new Set(authorizationsSince(from, '/air/offer_requests'))).toEqual(
      new Set([`Bearer ${BRAND_TOKEN}`]),
    );

    from = sandbox.received.length;
    const other = await search(otherAgent, GLOBALIME);
    expect(other.duffel).toEqual([]);
    expect(other.asked).not.toContain('duffel');
    expect(sandbox.received.length).toBe(from);

    // The public site configuration lists Duffel for the brand it serves only.
    const sajiloConfig = await api(t, { method: 'GET', url: '/site-config' });
    const globalimeConfig = await api(t, { method: 'GET', url: '/site-config', host: GLOBALIME });
    expect(sajiloConfig.json().data.suppliers).toContain('duffel');
    expect(globalimeConfig.json().data.suppliers).toEqual(['house']);
    expect(sajiloConfig.body).not.toContain(BRAND_TOKEN);
  });

  it("booking a Duffel offer orders it with the brand's token", async () => {
    const { duffel } = await search(agent);
    const holdable = duffel.find((o) => o.supplier_quote?.instant_payment_required === false);
    if (!holdable) throw new Error('no holdable Duffel offer to Doha');
    const from = sandbox.received.length;
    const held = await postBooking(
      t,
      agent,
      bookingBody(
        [holdable],
        [
          adult({
            first_name: 'Asha',
            last_name: 'Rai',
            title: 'Ms',
            gender: 'female',
            date_of_birth: '1988-08-08',
            passport_number: 'PA5555555',
            passport_expiry: '2033-03-03',
          }),
        ],
      ),
    );
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json().data as Booking).airline_reference).toBeTruthy();
    expect(held.body).not.toContain(BRAND_TOKEN);
    expect(authorizationsSince(from, '/air/orders')).toEqual([`Bearer ${BRAND_TOKEN}`]);
  });

  it('a Duffel offer id sent to a brand with no Duffel account at all: 400 naming offers.N.id; to the brand with one whose offer is gone: 410 OFFER_EXPIRED', async () => {
    const { duffel } = await search(agent);
    const offer = duffel[0];
    if (!offer) throw new Error('no Duffel offer to Doha');

    // Neither the deployment nor Global IME has a Duffel token: the offer id is not one this brand
    // could have been shown, so the field is named (as before Duffel could be switched on per brand).
    const from = sandbox.received.length;
    const checked = await api(t, {
      method: 'POST',
      url: '/flights/availability',
      host: GLOBALIME,
      payload: { offers: [{ id: offer.id, total: offer.price.total }] },
    });
    expect(checked.statusCode, checked.body).toBe(400);
    expect(checked.json()).toMatchObject({ success: false, data: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys(checked.json().data.fields)).toEqual(['offers.0.id']);
    const booked = await postBooking(
      t,
      otherAgent,
      bookingBody([offer], [adult({ passport_number: 'PA1212121', passport_expiry: '2033-03-03' })]),
      undefined,
      GLOBALIME,
    );
    expect(booked.statusCode, booked.body).toBe(400);
    expect(Object.keys(booked.json().data.fields)).toEqual(['offers.0.id']);
    expect(sandbox.received.length).toBe(from);

    // Sajilo has Duffel (its own token): an offer Duffel no longer has is gone, not malformed.
    sandbox.faults.expireOffers = true;
    try {
      const gone = await api(t, {
        method: 'POST',
        url: '/flights/availability',
        cookie: agent,
        payload: { offers: [{ id: offer.id, total: offer.price.total }] },
      });
      expect(gone.statusCode, gone.body).toBe(410);
      expect(gone.json()).toMatchObject({
        success: false,
        data: { code: 'OFFER_EXPIRED', offer_id: offer.id },
      });
      const goneBooking = await postBooking(t, agent, bookingBody([offer]));
      expect(goneBooking.statusCode, goneBooking.body).toBe(410);
      expect(goneBooking.json().data.code).toBe('OFFER_EXPIRED');
    } finally {
      sandbox.faults.expireOffers = false;
    }
  });

  it('once the brand removes its token, its searches no longer ask Duffel', async () => {
    const removed = await api(t, {
      method: 'DELETE',
      url: '/admin/supplier-credentials/duffel',
      cookie: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const from = sandbox.received.length;
    const after = await search(agent);
    expect(after.duffel).toEqual([]);
    expect(sandbox.received.length).toBe(from);
  });
});

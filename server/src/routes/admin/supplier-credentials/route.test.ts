import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { auditLog, brandSupplierCredentials } from '../../../db/schema/index';
import { dateOf, todayInNepal } from '../../../domain/flight-engine/calendar';
import { type DuffelSandbox, startDuffelSandbox } from '../../../suppliers/duffel-sandbox/duffel-sandbox';
import { api, GLOBALIME, logInDemo } from '../../../test/accounts';
import { adult, bookingBody, postBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A brand's own Duffel account (docs/suppliers.md#a-brands-own-duffel-account). The owner saves the brand's
 * access token; it is kept sealed, shown only as a hint, audited without its value, and the brand's searches
 * and orders go to Duffel with it while other brands keep the deployment's token.
 */
let t: TestApp;
let sandbox: DuffelSandbox;
let admin: string;
let agent: string;
let otherAgent: string;
const DEPLOYMENT_TOKEN = 'duffel_test_deployment';
const BRAND_TOKEN = 'duffel_test_sajilo_own_account_9f3k';
const date = dateOf(todayInNepal() + 35);

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: DEPLOYMENT_TOKEN,
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: '3000',
  });
  admin = await logInDemo(t, 'sajilo', 'admin');
  agent = await logInDemo(t, 'sajilo', 'agent');
  otherAgent = await logInDemo(t, 'globalime', 'agent');
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const tokensSince = (from: number, path: string) =>
  sandbox.received
    .slice(from)
    .filter((r) => r.path.replace(/\/$/, '') === path)
    .map((r) => r.headers.authorization);

async function search(cookie: string, host?: string): Promise<FlightOffer[]> {
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
  return (response.json().data.legs[0].offers as FlightOffer[]).filter((o) => o.supplier === 'duffel');
}

describe("a brand's own Duffel access token", () => {
  it('is refused unless it looks like a Duffel token, naming the field', async () => {
    const response = await api(t, {
      method: 'PUT',
      url: '/admin/supplier-credentials/duffel',
      cookie: admin,
      payload: { accessToken: 'sk_live_not_duffel' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toHaveProperty('accessToken');
  });

  it('is saved sealed, shown only as a hint, audited without its value, and used for the brand’s searches and orders only', async () => {
    const before = await api(t, { method: 'GET', url: '/admin/supplier-credentials/duffel', cookie: admin });
    expect(before.json().data).toEqual({
      supplier: 'duffel',
      configured: false,
      tokenHint: null,
      updatedAt: null,
    });

    const saved = await api(t, {
      method: 'PUT',
      url: '/admin/supplier-credentials/duffel',
      cookie: admin,
      payload: { accessToken: BRAND_TOKEN },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ configured: true, tokenHint: 'duffel_test_…9f3k' });
    expect(saved.body).not.toContain(BRAND_TOKEN);
    const shown = await api(t, { method: 'GET', url: '/admin/supplier-credentials/duffel', cookie: admin });
    expect(shown.json().data.tokenHint).toBe('duffel_test_…9f3k');
    expect(shown.body).not.toContain(BRAND_TOKEN);
    const [row] = await t.database.db.select().from(brandSupplierCredentials);
    expect(row?.secretCiphertext).not.toContain(BRAND_TOKEN);
    expect(row?.secretCiphertext).not.toContain(Buffer.from(BRAND_TOKEN).toString('base64url').slice(0, 12));
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'supplier_credentials.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toEqual({ tokenHint: 'duffel_test_…9f3k' });
    expect(JSON.stringify(audits)).not.toContain(BRAND_TOKEN);

    // Sajilo's search and hold order go to Duffel with Sajilo's token; Global IME's with the deployment's.
    let from = sandbox.received.length;
    const offers = await search(agent);
    expect(new Set(tokensSince(from, '/air/offer_requests'))).toEqual(new Set([`Bearer ${BRAND_TOKEN}`]));
    const holdable = offers.find((o) => o.supplier_quote?.instant_payment_required === false);
    if (!holdable) throw new Error('no holdable Duffel offer to Doha');
    from = sandbox.received.length;
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
    expect(tokensSince(from, '/air/orders')).toEqual([`Bearer ${BRAND_TOKEN}`]);

    from = sandbox.received.length;
    await search(otherAgent, GLOBALIME);
    expect(new Set(tokensSince(from, '/air/offer_requests'))).toEqual(
      new Set([`Bearer ${DEPLOYMENT_TOKEN}`]),
    );

    // Removed: back to the deployment's token.
    const removed = await api(t, {
      method: 'DELETE',
      url: '/admin/supplier-credentials/duffel',
      cookie: admin,
    });
    expect(removed.json().data).toMatchObject({ configured: false, tokenHint: null });
    from = sandbox.received.length;
    await search(agent);
    expect(new Set(tokensSince(from, '/air/offer_requests'))).toEqual(
      new Set([`Bearer ${DEPLOYMENT_TOKEN}`]),
    );
  });
});

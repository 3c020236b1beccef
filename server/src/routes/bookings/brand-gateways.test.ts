import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, PaymentAction } from '#shared/bookings';
import { queryRows } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { ESEWA_TEST_PRODUCT_CODE, ESEWA_TEST_SECRET_KEY } from '../../env';
import { runBookingJobs } from '../../jobs/run-all-jobs';
import {
  CONNECTIPS_FORM_FIELDS,
  connectipsMessage,
  hasValidConnectipsToken,
} from '../../payments/connectips';
import { decodeEsewaData, ESEWA_SIGNED_FIELD_NAMES, esewaSignature } from '../../payments/esewa';
import { api, GLOBALIME, logInDemo, SAJILO } from '../../test/accounts';
import { adminSessions, asAdmin } from '../../test/admin';
import { holdBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  queryOf,
  type SandboxTestApp,
} from '../../test/payment-sandbox';

const ESEWA_PRODUCTION_HOST = 'https://esewa-production.example';
const CONNECTIPS_PRODUCTION_HOST = 'https://connectips-production.example';
const SAJILO_ESEWA = { productCode: 'SAJILO_EPAY', secretKey: 'sajilo-esewa-secret-Qx81' };
const SAJILO_KHALTI_KEY = 'test_secret_key_sajilo_own_account';
const sajiloConnectipsKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SAJILO_CONNECTIPS = {
  settings: { merchantId: '4242', appId: 'MER-4242-APP-1', appName: 'Sajilo Travels' },
  secrets: {
    password: 'sajilo-connectips-password',
    privateKeyPem: sajiloConnectipsKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  },
};

let t: SandboxTestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let customer: string;
let globalimeCustomer: string;
let days = 20;
beforeAll(async () => {
  t = await createSandboxTestApp(
    {
      ESEWA_PRODUCTION_BASE_URL: ESEWA_PRODUCTION_HOST,
      CONNECTIPS_PRODUCTION_BASE_URL: CONNECTIPS_PRODUCTION_HOST,
    },
    { publicUrl: true },
  );
  sessions = await adminSessions(t);
  customer = await logInDemo(t, 'sajilo', 'customer');
  globalimeCustomer = await logInDemo(t, 'globalime', 'customer');
});
afterAll(() => t.close());

const saveCredentials = async (gateway: string, body: object) => {
  const response = await asAdmin(
    t,
    sessions.sajiloAdmin,
    'PUT',
    `/admin/payment-credentials/${gateway}`,
    body,
  );
  expect(response.statusCode).toBe(200);
};
const deleteCredentials = async (gateway: string) => {
  const response = await asAdmin(t, sessions.sajiloAdmin, 'DELETE', `/admin/payment-credentials/${gateway}`);
  expect(response.statusCode).toBe(200);
};

/** Holds a booking on the brand's host and starts paying it with the gateway. */
async function startPaying(method: 'esewa' | 'khalti' | 'connectips', host = SAJILO) {
  const cookie = host === SAJILO ? customer : globalimeCustomer;
  const held = await holdBooking(t, cookie, { days: days++, host });
  const started = await api(t, {
    method: 'POST',
    url: `/bookings/${held.pnr}/payments`,
    cookie,
    host,
    payload: { method },
  });
  expect(started.statusCode).toBe(200);
  return { held, cookie, host, action: started.json().data as PaymentAction };
}

async function bookingOf(cookie: string, pnr: string, host = SAJILO) {
  return (await api(t, { method: 'GET', url: `/bookings/${pnr}`, cookie, host })).json().data as Booking;
}

const signedWith = (fields: Record<string, string>, secret: string) =>
  fields.signature === esewaSignature(fields, ESEWA_SIGNED_FIELD_NAMES, secret);

/** Follows a gateway's return into the app; answers the confirmation page's query. */
const returnTo = async (url: URL) => queryOf(await followReturn(t.app, url));

describe("a brand's own eSewa account", () => {
  it('signs the form with the brand’s product code and secret, and the paid return tickets', async () => {
    await saveCredentials('esewa', {
      environment: 'test',
      settings: { productCode: SAJILO_ESEWA.productCode },
      secrets: { secretKey: SAJILO_ESEWA.secretKey },
    });
    const { held, action } = await startPaying('esewa');
    if (action.type !== 'form') throw new Error('expected a form');
    expect(action.fields.product_code).toBe(SAJILO_ESEWA.productCode);
    expect(signedWith(action.fields, SAJILO_ESEWA.secretKey)).toBe(true);
    expect(signedWith(action.fields, ESEWA_TEST_SECRET_KEY)).toBe(false);
    // No test host configured: the brand pays through the deployment's host, the sandbox.
    expect(action.url).toBe(`${t.origin}/sandbox/esewa/api/epay/main/v2/form`);

    const returned = await payInSandbox(gatewayAction(action), 'pay');
    const data = decodeEsewaData(returned.searchParams.get('data') ?? undefined);
    expect(data?.product_code).toBe(SAJILO_ESEWA.productCode);
    expect(await returnTo(returned)).toEqual({ pnr: held.pnr, payment: 'success' });
    const booking = await bookingOf(customer, held.pnr);
    expect(booking).toMatchObject({ status: 'ticketed', paid_with: 'esewa' });
    expect(booking.tickets).toHaveLength(1);
  });

  it('rejects a return signed with the deployment’s secret, even for a payment really made', async () => {
    const { held, action } = await startPaying('esewa');
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    const data = decodeEsewaData(returned.searchParams.get('data') ?? undefined) ?? {};
    for (const productCode of [SAJILO_ESEWA.productCode, ESEWA_TEST_PRODUCT_CODE]) {
      const forged: Record<string, string> = { ...data, product_code: productCode };
      forged.signature = esewaSignature(forged, forged.signed_field_names ?? '', ESEWA_TEST_SECRET_KEY);
      const url = new URL(returned);
      url.searchParams.set('data', Buffer.from(JSON.stringify(forged)).toString('base64'));
      expect(await returnTo(url)).toEqual({ pnr: held.pnr, payment: 'failed' });
    }
    expect((await bookingOf(customer, held.pnr)).status).toBe('held');
    // The genuine return, signed by the sandbox with the brand's secret, still completes it.
    expect(await returnTo(returned)).toEqual({ pnr: held.pnr, payment: 'success' });
  });

  it('the reconcile job asks with the brand’s account about a payment whose payer never came back', async () => {
    const { held, action } = await startPaying('esewa');
    await payInSandbox(gatewayAction(action), 'pay');
    await t.app.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(sql`${paymentAttempts.orderId} = (select id::text from bookings where pnr = ${held.pnr})`);
    const summary = await runBookingJobs(t.app);
    expect(summary.reconciled.paid).toBeGreaterThanOrEqual(1);
    expect((await bookingOf(customer, held.pnr)).status).toBe('ticketed');
  });

  it('another brand keeps paying into the deployment’s account', async () => {
    const { action } = await startPaying('esewa', GLOBALIME);
    if (action.type !== 'form') throw new Error('expected a form');
    expect(action.fields.product_code).toBe(ESEWA_TEST_PRODUCT_CODE);
    expect(signedWith(action.fields, ESEWA_TEST_SECRET_KEY)).toBe(true);
  });

  it('the production environment uses the configured production host, allowed by the CSP', async () => {
    await saveCredentials('esewa', {
      environment: 'production',
      settings: { productCode: SAJILO_ESEWA.productCode },
    });
    const { held, action } = await startPaying('esewa');
    expect(action.type === 'form' && action.url).toBe(`${ESEWA_PRODUCTION_HOST}/api/epay/main/v2/form`);
    const [attempt] = await t.app.db
      .select({ testMode: paymentAttempts.testMode })
      .from(paymentAttempts)
      .where(sql`${paymentAttempts.orderId} = (select id::text from bookings where pnr = ${held.pnr})`);
    expect(attempt?.testMode).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: SAJILO } });
    const formAction = /form-action ([^;]+)/.exec(page.headers['content-security-policy'] as string)?.[1];
    expect(formAction?.split(' ')).toEqual(
      expect.arrayContaining(["'self'", t.origin, ESEWA_PRODUCTION_HOST, CONNECTIPS_PRODUCTION_HOST]),
    );
  });

  it('deleting the credentials puts the brand back on the deployment’s account at once', async () => {
    await deleteCredentials('esewa');
    const { action } = await startPaying('esewa');
    if (action.type !== 'form') throw new Error('expected a form');
    expect(action.fields.product_code).toBe(ESEWA_TEST_PRODUCT_CODE);
    expect(signedWith(action.fields, ESEWA_TEST_SECRET_KEY)).toBe(true);
    expect(action.url).toBe(`${t.origin}/sandbox/esewa/api/epay/main/v2/form`);
  });
});

describe("a brand's own Khalti account", () => {
  it('initiates and looks up with the brand’s key; the deployment’s key does not see the payment', async () => {
    await saveCredentials('khalti', { environment: 'test', secrets: { secretKey: SAJILO_KHALTI_KEY } });
    const { held, action } = await startPaying('khalti');
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    const pidx = returned.searchParams.get('pidx') ?? '';
    const lookup = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/khalti/api/v2/epayment/lookup/',
        payload: { pidx },
        headers: { authorization: `Key ${key}` },
      });
    expect((await lookup(t.app.payments.config.khalti.secretKey)).statusCode).toBe(404);
    expect((await lookup(SAJILO_KHALTI_KEY)).json()).toMatchObject({ pidx, status: 'Completed' });
    expect(await returnTo(returned)).toEqual({ pnr: held.pnr, payment: 'success' });
    expect((await bookingOf(customer, held.pnr)).status).toBe('ticketed');
    await deleteCredentials('khalti');
  });
});

describe("a brand's own ConnectIPS account", () => {
  const tokenVerifies = (fields: Record<string, string>, key: KeyObject) =>
    hasValidConnectipsToken(connectipsMessage(fields, CONNECTIPS_FORM_FIELDS), fields.TOKEN ?? '', key);

  it('signs the form with the brand’s key and validates with its password; the paid return tickets', async () => {
    await saveCredentials('connectips', { environment: 'test', ...SAJILO_CONNECTIPS });
    const { held, action } = await startPaying('connectips');
    if (action.type !== 'form') throw new Error('expected a form');
    expect(action.fields).toMatchObject({
      MERCHANTID: '4242',
      APPID: 'MER-4242-APP-1',
      APPNAME: 'Sajilo Travels',
    });
    expect(tokenVerifies(action.fields, sajiloConnectipsKey.publicKey)).toBe(true);
    const deploymentKey = createPublicKey(t.app.payments.config.connectips.privateKeyPem);
    expect(tokenVerifies(action.fields, deploymentKey)).toBe(false);
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    expect(await returnTo(returned)).toEqual({ pnr: held.pnr, payment: 'success' });
    expect((await bookingOf(customer, held.pnr)).status).toBe('ticketed');
  });
});

describe('a return about no known payment', () => {
  it('is refused without an error', async () => {
    const returned = await t.app.inject({
      method: 'GET',
      url: '/api/b2b/v2/payments/connectips/return/success?TXNID=NOSUCHPAYMENT',
      headers: { host: 'localhost' },
    });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toContain('payment=failed');
  });
});

describe('saved secrets that no longer open (sealed under another SESSION_SECRET)', () => {
  const esewaAccount = {
    environment: 'test',
    settings: { productCode: SAJILO_ESEWA.productCode },
    secrets: { secretKey: SAJILO_ESEWA.secretKey },
  };
  const sealUnderAnotherKey = () =>
    t.app.db.execute(
      sql`update brand_payment_credentials set secret_ciphertext = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' where gateway = 'esewa'`,
    );

  it('refuse a new payment with a retryable 503, never the deployment’s account; the console asks for them again', async () => {
    await saveCredentials('esewa', esewaAccount);
    await sealUnderAnotherKey();
    // Saving dropped the brand's cached gateways: the next payment reads the row as it now is.
    const held = await holdBooking(t, customer, { days: days++ });
    const started = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/payments`,
      cookie: customer,
      payload: { method: 'esewa' },
    });
    expect(started.statusCode).toBe(503);
    expect(started.json().data.code).toBe('SERVICE_UNAVAILABLE');
    const attempts = await queryRows(
      t.app.db,
      sql`select 1 from ${paymentAttempts} join bookings on bookings.id::text = ${paymentAttempts.orderId} where bookings.pnr = ${held.pnr}`,
    );
    expect(attempts).toEqual([]);

    const listed = await asAdmin(t, sessions.sajiloAdmin, 'GET', '/admin/payment-credentials');
    expect(listed.statusCode).toBe(200);
    const esewa = (listed.json().data as { gateway: string; secretsSet: Record<string, boolean> }[]).find(
      (g) => g.gateway === 'esewa',
    );
    expect(esewa?.secretsSet).toEqual({ secretKey: false });
    await deleteCredentials('esewa');
  });

  it('send the payer of a payment already made back to the booking, still held, the attempt left pending', async () => {
    await saveCredentials('esewa', esewaAccount);
    const { held, action } = await startPaying('esewa');
    const returned = await payInSandbox(gatewayAction(action), 'pay');
    await sealUnderAnotherKey();
    t.app.payments.forgetBrand(await brandIdOf(held.pnr));
    expect(await returnTo(returned)).toEqual({ pnr: held.pnr, payment: 'failed' });
    expect((await bookingOf(customer, held.pnr)).status).toBe('held');
    await deleteCredentials('esewa');
  });
});

async function brandIdOf(pnr: string): Promise<string> {
  const [row] = await queryRows<{ brand_id: string }>(
    t.app.db,
    sql`select brand_id from bookings where pnr = ${pnr}`,
  );
  return row?.brand_id ?? '';
}

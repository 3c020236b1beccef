import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EsewaGateway } from '../esewa';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function esewaForm(reference: string) {
  const gateway = new EsewaGateway({ ...t.app.payments.config.esewa, formBaseUrl: '' });
  const { action } = await gateway.initiate({
    reference,
    amountPaisa: 1_23_456_00,
    orderName: 'Booking XYZ789',
    successUrl: 'http://localhost:3000/ok',
    failureUrl: 'http://localhost:3000/ko',
  });
  if (action.kind !== 'form') throw new Error('expected a form');
  return action;
}

describe('gateway sandboxes', () => {
  it('eSewa shows an accessible, script-free page with the merchant, order and amount', async () => {
    const action = await esewaForm('sandbox-page-1');
    const handOff = await t.app.inject({
      method: 'POST',
      url: `/sandbox/esewa${action.url}`,
      ...form(action.fields),
    });
    expect(handOff.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: handOff.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<label for="payer">[^<]+<\/label>\s*<input id="payer"/);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('EPAYTEST');
    expect(page.body).toContain('sandbox-page-1');
    expect(page.body).toContain('1,23,456.00');
    expect(page.body).toMatch(/<button type="submit" name="decision" value="pay">Pay/);
    expect(page.body).toMatch(/<button type="submit" name="decision" value="cancel">Cancel/);
  });

  it('eSewa refuses a bad signature and answers NOT_FOUND for an unknown transaction', async () => {
    const action = await esewaForm('sandbox-page-2');
    const forged = { ...action.fields, total_amount: '1', amount: '1' };
    const refused = await t.app.inject({
      method: 'POST',
      url: `/sandbox/esewa${action.url}`,
      ...form(forged),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Invalid signature');
    const status = await t.app.inject({
      method: 'GET',
      url: '/sandbox/esewa/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=1&transaction_uuid=nope',
    });
    expect(status.json()).toMatchObject({ status: 'NOT_FOUND', transaction_uuid: 'nope' });
  });

  it('Khalti wants its key and answers field errors the way Khalti does', async () => {
    const url = '/sandbox/khalti/api/v2/epayment/initiate/';
    const body = {
      return_url: 'http://localhost:3000/ok',
      website_url: 'http://localhost:3000',
      amount: 999,
      purchase_order_id: 'o1',
      purchase_order_name: 'Booking',
    };
    const anonymous = await t.app.inject({ method: 'POST', url, payload: body });
    expect(anonymous.statusCode).toBe(401);
    const key = `Key ${t.app.payments.config.khalti.secretKey}`;
    const small = await t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: key } });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      amount: [expect.stringMatching(/1000 paisa/)],
      error_key: 'validation_error',
    });
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/sandbox/khalti/api/v2/epayment/lookup/',
      payload: { pidx: 'unknown' },
      headers: { authorization: key },
    });
    expect(lookup.statusCode).toBe(404);
  });
});

describe('with PAYMENT_SANDBOX=false', () => {
  it('serves no sandbox', async () => {
    const off = await createTestApp({ PAYMENT_SANDBOX: 'false' });
    try {
      const response = await off.app.inject({
        method: 'POST',
        url: '/sandbox/khalti/api/v2/epayment/lookup/',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

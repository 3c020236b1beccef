import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR_EMAIL } from '../seed/demo-users';
import { api, logIn, logInDemo } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every request with an airport code shares one schema (shared/src/airports.ts), yet each keeps
 * the messages its clients have always been shown for a bad or missing code.
 */
let t: TestApp;
let customer: string;
let admin: string;
let operator: string;

const fields = async (options: Parameters<typeof api>[1]) => {
  const response = await api(t, options);
  expect(response.statusCode).toBe(400);
  return response.json().data.fields as Record<string, string>;
};

beforeAll(async () => {
  t = await createTestApp();
  customer = await logInDemo(t, 'sajilo', 'customer');
  admin = await logInDemo(t, 'sajilo', 'admin');
  operator = (await logIn(t, DEMO_OPERATOR_EMAIL)).cookie;
});
afterAll(() => t.close());

describe('airport codes refused with the same words as before, per request', () => {
  it('the fare calendar names an example for each end and asks for a missing one', async () => {
    expect(
      await fields({ method: 'GET', url: '/flights/calendar?depart_code=K1&dest_code=P&month=2026-05' }),
    ).toMatchObject({
      depart_code: 'Use a three-letter airport code, such as KTM.',
      dest_code: 'Use a three-letter airport code, such as PKR.',
    });
    expect(await fields({ method: 'GET', url: '/flights/calendar?month=2026-05' })).toMatchObject({
      depart_code: 'Choose where you fly from.',
      dest_code: 'Choose where you fly to.',
    });
  });

  it('a price alert asks for an airport, or for a three-letter code', async () => {
    const payload = { from_date: '2099-01-01', to_date: '2099-01-05', seen_total: 100, currency: 'NPR' };
    expect(
      await fields({
        method: 'POST',
        url: '/price-alerts',
        cookie: customer,
        payload: { ...payload, destination: 'PK' },
      }),
    ).toMatchObject({
      origin: 'Choose an airport.',
      destination: 'Use a three-letter airport code, such as KTM.',
    });
  });

  it("the console's markups and bookings, and the operator's inventory, keep their own wording", async () => {
    const markup = { scope: 'route', origin: 'KT', destination: 'PKR', kind: 'percent', value: 100 };
    expect(
      await fields({ method: 'POST', url: '/admin/markups', cookie: admin, payload: markup }),
    ).toMatchObject({
      origin: 'Enter a three-letter airport code.',
    });
    expect(
      await fields({
        method: 'GET',
        url: '/admin/inventory/load?flight_number=U4%20601&depart_code=KT&dest_code=PKR&date=2026-05-01',
        cookie: operator,
      }),
    ).toMatchObject({ depart_code: 'Use a three-letter airport code.' });
    expect(await fields({ method: 'GET', url: '/admin/bookings?origin=KT', cookie: admin })).toMatchObject({
      origin: 'Use a three-letter airport code.',
    });
  });
});

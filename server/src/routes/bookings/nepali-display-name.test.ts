import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInDemo } from '../../test/accounts';
import { adult, bookingBody, findOffer, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a passenger's optional Nepali name (display_name_ne)", () => {
  it('is stored and returned beside the passport name, and left out when not given', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const offer = await findOffer(t, { cookie: agent, days: 6, adults: 2 });
    const held = await postBooking(
      t,
      agent,
      bookingBody(
        [offer],
        [
          adult({
            first_name: 'Sita',
            last_name: 'Gurung',
            gender: 'female',
            title: 'Ms',
            display_name_ne: ' सीता गुरुङ ',
          }),
          adult({ first_name: 'Ram', last_name: 'Gurung' }),
        ],
      ),
    );
    expect(held.statusCode, held.body).toBe(200);
    const pnr = held.json().data.pnr as string;
    const detail = await api(t, { method: 'GET', url: `/bookings/${pnr}`, cookie: agent });
    expect(detail.statusCode).toBe(200);
    const [sita, ram] = detail.json().data.passengers;
    expect(sita).toMatchObject({ first_name: 'Sita', last_name: 'Gurung', display_name_ne: 'सीता गुरुङ' });
    expect(ram).not.toHaveProperty('display_name_ne');
  });

  it('refuses Latin letters, an empty or an overlong name with 400 naming the field', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const offer = await findOffer(t, { cookie: agent, days: 6 });
    for (const bad of ['Sita Gurung', 'सीता Gurung', '', '१२३', 'स'.repeat(81)]) {
      const refused = await postBooking(t, agent, bookingBody([offer], [adult({ display_name_ne: bad })]));
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().success).toBe(false);
      expect(Object.keys(refused.json().data.fields), bad).toEqual(['passengers.0.display_name_ne']);
    }
  });
});

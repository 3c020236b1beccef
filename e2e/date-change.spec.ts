import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';

const DEMO_PASSWORD = 'Himalaya-Demo-2081';
const daysFromNow = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);
const uniqueLetters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function agentApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/b2b/v2/auth/login', {
    data: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'cookie' },
  });
  expect(login.ok()).toBe(true);
  return api;
}

/** Books (and pays from the wallet) a direct KTM→PKR Apex fare `days` ahead for one adult. */
async function bookApexAndPay(api: APIRequestContext, days: number, lastName: string): Promise<string> {
  const search = await api.post('/api/b2b/v2/flights/search', {
    data: { depart_code: 'KTM', dest_code: 'PKR', depart_date: daysFromNow(days), nationality_code: 'NP' },
  });
  const offers = (await search.json()).data.legs[0].offers as {
    id: string;
    stops: number;
    fare: { family: string };
    price: { total: number };
  }[];
  const offer = offers.find((o) => o.stops === 0 && o.fare.family === 'Apex');
  if (!offer) throw new Error('no direct KTM→PKR Apex offer');
  const held = await api.post('/api/b2b/v2/bookings', {
    headers: { 'idempotency-key': `e2e-date-change-${lastName}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [
        {
          type: 'adult',
          title: 'Ms',
          first_name: 'Dolma',
          last_name: lastName,
          gender: 'female',
          nationality: 'NP',
        },
      ],
      contact: {
        name: `Dolma ${lastName}`,
        email: `dolma.${lastName}@example.com`,
        mobile: '+9779812345678',
      },
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const pnr = (await held.json()).data.pnr as string;
  const paid = await api.post(`/api/b2b/v2/bookings/${pnr}/payments`, { data: { method: 'wallet' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return pnr;
}

test('an agent changes the date of a ticketed booking from the booking page and gets new tickets', async ({
  browser,
  baseURL,
}) => {
  const agent = await agentApi(baseURL ?? '');
  const pnr = await bookApexAndPay(agent, 31, `Sherpa${uniqueLetters()}`);
  const before = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  const walletBefore = (await (await agent.get('/api/b2b/v2/me')).json()).data.wallet_balance as number;

  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/b2b/v2/auth/login', {
    data: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'cookie' },
  });
  expect(login.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const panel = page.getByTestId('change-date');
  await panel.getByRole('button', { name: 'Change date' }).click();
  await panel.getByLabel('New date').fill(daysFromNow(33));
  await panel.getByRole('button', { name: 'Show flights' }).click();
  const option = panel.getByTestId('change-option').first();
  await expect(option).toBeVisible();
  await expect(option.getByTestId('change-quote')).toContainText('Change fee');
  const flight = (await option.locator('strong').first().textContent()) ?? '';
  await option.getByRole('button', { name: 'Change to this flight' }).click();
  await option.getByRole('button', { name: /^Confirm and pay/ }).click();

  await expect(page.getByTestId('exchanged-ticket')).toHaveCount(1);
  await expect(page.getByTestId('exchanged-ticket')).toContainText(before.tickets[0].ticket_number);
  await expect(page.getByTestId('valid-ticket')).toHaveCount(1);
  await expect(page.getByTestId('valid-ticket')).toContainText(before.tickets[0].ticket_number);

  const after = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  expect(after.legs[0].segments[0].flight_number).toBe(flight);
  expect(after.legs[0].segments[0].depart_at.slice(0, 10)).toBe(daysFromNow(33));
  const reissued = after.tickets.find((t: { status: string }) => t.status === 'open');
  expect(reissued.reissued_from).toBe(before.tickets[0].ticket_number);
  const walletAfter = (await (await agent.get('/api/b2b/v2/me')).json()).data.wallet_balance as number;
  expect(walletAfter).toBeLessThan(walletBefore);
  await context.close();
  await agent.dispose();
});

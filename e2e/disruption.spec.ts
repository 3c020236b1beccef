import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';

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

/** Books (and pays from the wallet) the first direct KTM→PKR flight `days` ahead for one adult. */
async function bookAndPay(api: APIRequestContext, days: number, lastName: string): Promise<string> {
  const search = await api.post('/api/b2b/v2/flights/search', {
    data: { depart_code: 'KTM', dest_code: 'PKR', depart_date: daysFromNow(days), nationality_code: 'NP' },
  });
  const offers = (await search.json()).data.legs[0].offers as {
    id: string;
    stops: number;
    price: { total: number };
  }[];
  const offer = offers.find((o) => o.stops === 0);
  if (!offer) throw new Error('no direct KTM→PKR offer');
  const held = await api.post('/api/b2b/v2/bookings', {
    headers: { 'idempotency-key': `e2e-disruption-${lastName}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [
        {
          type: 'adult',
          title: 'Mr',
          first_name: 'Pasang',
          last_name: lastName,
          gender: 'male',
          nationality: 'NP',
        },
      ],
      contact: {
        name: `Pasang ${lastName}`,
        email: `pasang.${lastName}@example.com`,
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

/** The admin, in the console, marks the booking's (first) flight cancelled by weather. */
async function cancelFlightInConsole(page: Page, pnr: string) {
  await page.goto(`/admin/bookings/${pnr}`);
  await page.getByLabel('E-mail or mobile number').fill('admin@sajilo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${pnr}` })).toBeVisible();
  await page
    .getByRole('button', { name: /^Mark disrupted…/ })
    .first()
    .click();
  await page.getByLabel('What happened').selectOption('cancelled');
  await page.getByLabel('Reason').selectOption('weather');
  await page.getByLabel('What travellers are told').fill('Pokhara is closed by cloud all day.');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Mark disrupted and e-mail travellers' }).click();
  await expect(page.getByTestId('disruption-result')).toContainText(pnr);
}

test.describe.configure({ mode: 'serial' });

test('an admin cancels a flight; the traveller rebooks onto another flight at no cost from the booking page', async ({
  page,
  browser,
  baseURL,
}) => {
  const agent = await agentApi(baseURL ?? '');
  const pnr = await bookAndPay(agent, 26, `Sherpa${uniqueLetters()}`);
  const before = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  await cancelFlightInConsole(page, pnr);

  const travellerContext = await browser.newContext({ baseURL });
  const login = await travellerContext.request.post('/api/b2b/v2/auth/login', {
    data: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'cookie' },
  });
  expect(login.ok()).toBe(true);
  const traveller = await travellerContext.newPage();
  await traveller.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  const actions = traveller.getByTestId('disruption-actions');
  await expect(actions.getByTestId('disruption-change')).toContainText('cancelled');
  await expect(actions.getByRole('button', { name: 'Accept the new time' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Choose another flight (no cost)' }).click();
  const option = actions.getByTestId('rebooking-option').first();
  await expect(option).toBeVisible();
  const axe = await new AxeBuilder({ page: traveller }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
  const optionText = (await option.locator('strong').textContent()) ?? '';
  await option.getByRole('button', { name: 'Move to this flight' }).click();

  await expect(actions.getByTestId('disruption-resolution')).toHaveText(
    'You moved to another flight at no cost.',
  );
  await expect(traveller.getByTestId('booking-status')).toHaveText('Ticketed');
  const after = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  expect(after.legs[0].segments[0].flight_number).toBe(optionText);
  expect(after.legs[0].segments[0].depart_at).not.toBe(before.legs[0].segments[0].depart_at);
  expect(after.price.total).toBe(before.price.total);
  expect(after.tickets[0].ticket_number).not.toBe(before.tickets[0].ticket_number);
  await travellerContext.close();
  await agent.dispose();
});

test('an agent takes the full refund for the client in the console', async ({ page, baseURL }) => {
  const agent = await agentApi(baseURL ?? '');
  const pnr = await bookAndPay(agent, 27, `Lama${uniqueLetters()}`);
  await cancelFlightInConsole(page, pnr);
  const actions = page.getByTestId('disruption-actions');
  await actions.getByRole('button', { name: 'Full refund' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Refunded');
  await expect(actions.getByTestId('disruption-resolution')).toHaveText(
    'This booking was cancelled with a full refund.',
  );
  await agent.dispose();
});

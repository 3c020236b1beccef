import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from './helpers';

const API = '/api/b2b/v2';
const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/** A bearer session of `login` on Sajilo's host, for calls made beside the browser. */
async function bearer(request: APIRequestContext, login: string, password = DEMO_PASSWORD) {
  const response = await request.post(`${API}/auth/login`, { data: { login, password, session: 'bearer' } });
  expect(response.ok(), await response.text()).toBe(true);
  return { authorization: `Bearer ${(await response.json()).data.accessToken}` };
}

/** The amounts of a money text in paisa ("NPR 1,23,456.50" → 12345650), in the order they appear. */
const amountsIn = (text: string) =>
  [...text.matchAll(/NPR\s*([\d,]+(?:\.\d+)?)/g)].map((match) =>
    Math.round(Number((match[1] ?? '').replaceAll(',', '')) * 100),
  );

/**
 * The "Who earns what" sum of a booking page: the amount paid above (to the agency, or to the
 * master agent), each level's earnings and the traveller's price, which must add up.
 */
async function expectSumAddsUp(levels: Locator, travellerPays: number) {
  const sum = levels.getByTestId('levels-sum');
  await expect(sum).toBeVisible();
  const amounts = amountsIn((await sum.textContent()) ?? '');
  const total = amounts.at(-1) ?? Number.NaN;
  const parts = amounts.slice(0, -1);
  expect(parts.length).toBeGreaterThanOrEqual(2);
  // Whole rupees on the page: each amount rounds by at most half a rupee.
  expect(Math.abs(parts.reduce((a, b) => a + b, 0) - total)).toBeLessThanOrEqual(50 * parts.length);
  expect(Math.abs(total - travellerPays)).toBeLessThanOrEqual(50);
  return amounts;
}

/** A fresh person signed up with a known password, made an agent by the agency's admin. */
async function newAgent(
  request: APIRequestContext,
  admin: Record<string, string>,
  person: { first: string; last: string; email: string; mobile: string },
) {
  const signup = await request.post(`${API}/auth/signup`, {
    data: {
      firstName: person.first,
      lastName: person.last,
      email: person.email,
      mobile: person.mobile,
      password: DEMO_PASSWORD,
      session: 'bearer',
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const found = await request.get(`${API}/admin/users?q=${encodeURIComponent(person.email)}`, {
    headers: admin,
  });
  const id = (await found.json()).data.items[0].id as string;
  const retyped = await request.patch(`${API}/admin/users/${id}`, {
    headers: admin,
    data: { type: 'agent' },
  });
  expect(retyped.ok(), await retyped.text()).toBe(true);
  return id;
}

test('a master agent creates and funds a sub-agent and sees the sub-agent’s booking', async ({
  page,
  request,
  browser,
}) => {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  const admin = await bearer(request, 'admin@sajilo.example');
  // The master and the sub-agent who will book: new agents, so no other spec's bookings show.
  const masterEmail = `master${unique}@example.com`;
  const masterId = await newAgent(request, admin, {
    first: 'Mohan',
    last: 'Master',
    email: masterEmail,
    mobile: `984${unique}`,
  });
  const subEmail = `booker${unique}@example.com`;
  const subId = await newAgent(request, admin, {
    first: 'Sabina',
    last: 'Booker',
    email: subEmail,
    mobile: `986${unique}`,
  });
  // The agency makes Mohan a master agent, tops up his wallet and places Sabina under him.
  expect(
    (
      await request.put(`${API}/admin/users/${masterId}/master-agent`, {
        headers: admin,
        data: { master_agent: true },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.post(`${API}/admin/users/${masterId}/wallet/top-ups`, {
        headers: admin,
        data: { amount: 5_000_000, reference: `E2E-MASTER-${unique}` },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.put(`${API}/admin/users/${subId}/master`, {
        headers: admin,
        data: { master_agent_id: masterId },
      })
    ).ok(),
  ).toBe(true);

  // Mohan signs in; the menu has his Sub-agents page.
  await logIn(page, masterEmail);
  const account = page.getByRole('button', { name: 'Mohan Master' });
  await expect(account).toBeVisible();
  await account.click();
  await page.getByRole('menuitem', { name: 'Sub-agents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sub-agents' })).toBeVisible();

  // He creates a sub-agent: invited by e-mail, nothing secret on the page.
  const form = page.getByRole('form', { name: 'Add a sub-agent' });
  await form.getByLabel('First name').fill('Nima');
  await form.getByLabel('Last name').fill('Sherpa');
  await form.getByLabel('E-mail').fill(`nima${unique}@example.com`);
  await form.getByRole('button', { name: 'Add a sub-agent' }).click();
  const nima = page.getByTestId(`sub-agent-nima${unique}@example.com`);
  await expect(nima).toContainText('invited, no password yet');

  // He funds Sabina with NPR 20,000 from his wallet.
  const sabina = page.getByTestId(`sub-agent-${subEmail}`);
  await expect(sabina.getByTestId('sub-agent-balance')).toContainText(/\b0\b/);
  await sabina.getByLabel('Amount to send (NPR)').fill('20000');
  await sabina.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('sent to Sabina Booker.')).toBeVisible();
  await expect(sabina.getByTestId('sub-agent-balance')).toContainText('20,000');
  await expect(page.getByTestId('master-balance')).toContainText('30,000');

  // He adds his own 2 % markup on Sabina's price.
  await sabina.getByLabel('Your markup on their price, %').fill('2');
  await sabina
    .getByRole('form', { name: 'Your markup for Sabina Booker' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Your markup for Sabina Booker saved.')).toBeVisible();
  await expect(sabina.getByTestId('master-terms')).toHaveText('You add 2 % to their price.');

  // Sabina books and pays from her own wallet (her own systems, beside the browser).
  const sub = await bearer(request, subEmail);
  const search = await request.post(`${API}/flights/search`, {
    headers: sub,
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: inDays(6),
      nationality_code: 'NP',
      adults: 1,
      children: 0,
      infants: 0,
    },
  });
  const offer = (await search.json()).data.legs[0].offers.find((o: { stops: number }) => o.stops === 0);
  // Her price carries the master's markup on top of what she owes.
  expect(offer.price.master_markup.percent).toBe(2);
  const held = await request.post(`${API}/bookings`, {
    headers: { ...sub, 'idempotency-key': `e2e-sub-${unique}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [
        {
          type: 'adult',
          title: 'Mr',
          first_name: 'Dorje',
          last_name: 'Lama',
          gender: 'male',
          nationality: 'NP',
        },
      ],
      contact: { name: 'Dorje Lama', email: 'dorje@example.com', mobile: '+9779812345678' },
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const pnr = (await held.json()).data.pnr as string;
  const paid = await request.post(`${API}/bookings/${pnr}/payments`, {
    headers: sub,
    data: { method: 'wallet' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  expect((await paid.json()).data.booking.status).toBe('ticketed');

  // Mohan's bookings show Sabina's booking, named as his sub-agent's.
  await page.goto('/user/bookings');
  const row = page.getByRole('listitem').filter({ hasText: pnr });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('booked-by')).toHaveText('Booked by your sub-agent Sabina Booker');

  // Each level's sums, in the API and on the page each level uses, add up.
  const breakdownAs = async (headers: Record<string, string>, path: string) => {
    const response = await request.get(`${API}${path}`, { headers });
    expect(response.ok(), await response.text()).toBe(true);
    const data = (await response.json()).data;
    return (data.booking ?? data).price_breakdown as {
      traveller_pays: number;
      agency_charged: number | null;
      levels: { role: string; pays: number; earns: number; markup: number }[];
    };
  };
  const full = await breakdownAs(admin, `/admin/bookings/${pnr}`);
  const earned = full.levels.reduce((sum, level) => sum + level.earns, 0);
  expect(full.traveller_pays).toBe((full.agency_charged ?? Number.NaN) + earned);
  expect(full.levels.map((level) => level.role)).toEqual(['master_agent', 'sub_agent']);
  expect(full.levels[0]?.markup).toBe(offer.price.master_markup.amount);
  expect(await breakdownAs(await bearer(request, masterEmail), `/bookings/${pnr}`)).toEqual(full);
  const own = await breakdownAs(sub, `/bookings/${pnr}`);
  expect(own.levels).toEqual([full.levels[1]]);
  expect(own.traveller_pays).toBe((own.levels[0]?.pays ?? 0) + (own.levels[0]?.earns ?? 0));

  // The master's booking page: both levels, the agency's charge, the sum.
  await row.getByRole('link').first().click();
  const masterView = page.getByTestId('price-levels');
  await expect(masterView.getByRole('heading', { name: 'Who earns what' })).toBeVisible();
  await expect(masterView.getByTestId('level-master_agent')).toContainText('Master agent Mohan Master');
  await expect(masterView.getByTestId('level-sub_agent')).toContainText('Sub-agent Sabina Booker');
  await expect(masterView.getByTestId('levels-sum')).toContainText('paid by the agent to the agency');
  const masterAmounts = await expectSumAddsUp(masterView, full.traveller_pays);
  expect(masterAmounts).toHaveLength(4);

  // Sabina's page: her own level, what she pays her master and earns, adding up.
  const subContext = await browser.newContext();
  const subPage = await subContext.newPage();
  await logIn(subPage, subEmail);
  await expect(subPage.getByRole('button', { name: 'Sabina Booker' })).toBeVisible();
  await subPage.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  const subView = subPage.getByTestId('price-levels');
  await expect(subView.getByTestId('level-sub_agent')).toBeVisible();
  await expect(subView.getByTestId('level-master_agent')).toHaveCount(0);
  await expect(subView.getByTestId('levels-sum')).toContainText('paid to the master agent');
  await expectSumAddsUp(subView, full.traveller_pays);
  // Her fare summary names the master's markup she pays on top.
  await expect(subPage.getByTestId('master-markup')).toBeVisible();
  await subContext.close();

  // The agency's console: every level and the sum.
  const adminContext = await browser.newContext();
  const consolePage = await adminContext.newPage();
  await consolePage.goto('/admin');
  await consolePage.getByLabel('E-mail or mobile number').fill('admin@sajilo.example');
  await consolePage.getByLabel('Password').fill(DEMO_PASSWORD);
  await consolePage.getByRole('button', { name: 'Log in' }).click();
  await expect(consolePage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await consolePage.goto(`/admin/bookings/${pnr}`);
  const agencyView = consolePage.getByTestId('price-levels');
  await expect(agencyView.getByTestId('level-master_agent')).toBeVisible();
  await expect(agencyView.getByTestId('level-sub_agent')).toBeVisible();
  expect(await expectSumAddsUp(agencyView, full.traveller_pays)).toEqual(masterAmounts);
  const credited = consolePage.getByText(/Master agent’s commission credited/);
  await expect(credited).toBeVisible();

  // Sabina cancels: the refund takes the master's commission back, shown beside the credit.
  const cancelled = await request.post(`${API}/bookings/${pnr}/cancel`, {
    headers: sub,
    data: { confirm: true },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await consolePage.reload();
  await expect(consolePage.getByText(/Master agent’s commission taken back/)).toBeVisible();
  await adminContext.close();
});

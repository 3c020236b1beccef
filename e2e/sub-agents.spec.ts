import { type APIRequestContext, expect, test } from '@playwright/test';
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
});

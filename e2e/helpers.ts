import { type APIRequestContext, request as apiRequest, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Himalaya-Demo-2081';

/** Logs in with a demo account through the log-in page. */
export async function logIn(page: Page, login: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill(login);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Puts the global confirm modal (and optionally a booking) into the stored client state of the
 * agency brand, as the app would have saved it, and reloads so the app opens it. Call it once
 * the app has started (it saves its own state on start).
 */
export async function openStoredModal(
  page: Page,
  modal: Record<string, unknown>,
  booking?: Record<string, unknown>,
): Promise<void> {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(
    ({ modal, booking }) => {
      const key = 'SajiloTravelsState';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
      saved.state.modal = { status: true, confirmText: '', cancelText: '', ...modal };
      if (booking) saved.state.booking = booking;
      localStorage.setItem(key, JSON.stringify(saved));
    },
    { modal, booking },
  );
  await page.reload();
}

/**
 * What the Global IME bank app passes when it opens the site: base64 JSON of a fresh single-use
 * customer token (from the partner's server-to-server call) and the bank's contact data. Registers
 * a partner app with the brand's demo admin first.
 */
export async function bankAppData(
  request: APIRequestContext,
  port: string | number,
  contactData: Record<string, string> = {
    telephone_no: '015970000',
    mobile: '9801000001',
    email: 'care@bank.example',
  },
): Promise<{ data: string; firstName: string }> {
  // Node does not resolve *.localhost as browsers do: server-to-server calls name the host instead.
  const api = (path: string) => `http://localhost:${port}/api/b2b/v2${path}`;
  const host = { host: `globalime.localhost:${port}` };
  const admin = await request.post(api('/auth/login'), {
    headers: host,
    data: { login: 'admin@globalime.example', password: DEMO_PASSWORD, session: 'bearer' },
  });
  const adminToken = (await admin.json()).data.accessToken as string;
  const partner = await request.post(api('/partner-apps'), {
    headers: { ...host, authorization: `Bearer ${adminToken}` },
    data: { name: 'Bank app' },
  });
  const { clientId, clientSecret } = (await partner.json()).data;
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  const token = await request.post(api('/clients/customer-token'), {
    headers: host,
    data: {
      clientId,
      clientSecret,
      customer: {
        firstName: 'Hari',
        lastName: 'Thapa',
        email: `hari${unique}@example.com`,
        mobile: `+977 985${unique}`,
      },
    },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { clientCustomerToken } = (await token.json()).data;
  return {
    data: Buffer.from(JSON.stringify({ clientCustomerToken, contactData })).toString('base64'),
    firstName: 'Hari',
  };
}

export const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/** Books and pays (wallet) a refundable KTM→PKR flight as the signed-in page's user; its PNR. */
export async function ticketedBooking(
  page: Page,
  days: number,
  lastName: string,
  keyPrefix: string,
): Promise<string> {
  const search = await page.request.post('/api/b2b/v2/flights/search', {
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: inDays(days),
      nationality_code: 'NP',
      adults: 1,
    },
  });
  const offers = (await search.json()).data.legs[0].offers as {
    id: string;
    price: { total: number };
    fare: { refundable: boolean };
  }[];
  const offer = offers.find((o) => o.fare.refundable);
  if (!offer) throw new Error('no refundable KTM→PKR offer');
  const held = await page.request.post('/api/b2b/v2/bookings', {
    headers: { 'idempotency-key': `${keyPrefix}-${lastName}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [
        {
          type: 'adult',
          title: 'Ms',
          first_name: 'Sita',
          last_name: lastName,
          gender: 'female',
          nationality: 'NP',
        },
      ],
      contact: { name: 'Sita Rai', email: 'sita@example.com', mobile: '+9779812345678' },
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const pnr = (await held.json()).data.pnr as string;
  await fundWallet(new URL(page.url()).origin, 'agent@sajilo.example');
  const paid = await page.request.post(`/api/b2b/v2/bookings/${pnr}/payments`, {
    data: { method: 'wallet' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return pnr;
}

/**
 * Tops up a Sajilo Travels agent's wallet by NPR 50,000 as the brand's demo admin, so a spec that
 * pays from it does not depend on what earlier specs spent.
 */
export async function fundWallet(origin: string, agentLogin: string): Promise<void> {
  const api = await apiRequest.newContext({ baseURL: `${origin}/api/b2b/v2/` });
  try {
    const admin = await api.post('auth/login', {
      data: { login: 'admin@sajilo.example', password: DEMO_PASSWORD, session: 'bearer' },
    });
    const headers = { authorization: `Bearer ${(await admin.json()).data.accessToken as string}` };
    const users = await api.get(`admin/users?q=${encodeURIComponent(agentLogin)}`, { headers });
    const agentId = (await users.json()).data.items[0].id as string;
    const topUp = await api.post(`admin/users/${agentId}/wallet/top-ups`, {
      headers,
      data: { amount: 5_000_000, reference: `E2E-FUND-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    });
    expect(topUp.ok(), await topUp.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}

/**
 * Books a direct KTM→PKR fare of `family` (default Apex: changes allowed for a fee) for one adult
 * `days` ahead as the demo agent, in an API context of its own, and pays it from the wallet (topped
 * up first); its PNR and ticket numbers.
 */
export async function agentTicketedBooking(
  origin: string,
  options: { days: number; lastName: string; keyPrefix: string; family?: string },
): Promise<{ pnr: string; ticketNumbers: string[] }> {
  await fundWallet(origin, 'agent@sajilo.example');
  const api = await apiRequest.newContext({ baseURL: `${origin}/api/b2b/v2/` });
  try {
    const login = await api.post('auth/login', {
      data: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'cookie' },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const search = await api.post('flights/search', {
      data: {
        depart_code: 'KTM',
        dest_code: 'PKR',
        depart_date: inDays(options.days),
        nationality_code: 'NP',
      },
    });
    const offers = (await search.json()).data.legs[0].offers as {
      id: string;
      stops: number;
      fare: { family: string };
      price: { total: number };
    }[];
    const family = options.family ?? 'Apex';
    const offer = offers.find((o) => o.stops === 0 && o.fare.family === family);
    if (!offer) throw new Error(`no direct KTM→PKR ${family} offer`);
    const held = await api.post('bookings', {
      headers: { 'idempotency-key': `${options.keyPrefix}-${options.lastName}` },
      data: {
        offers: [{ id: offer.id, total: offer.price.total }],
        passengers: [
          {
            type: 'adult',
            title: 'Mr',
            first_name: 'Pemba',
            last_name: options.lastName,
            gender: 'male',
            nationality: 'NP',
          },
        ],
        contact: { name: `Pemba ${options.lastName}`, email: 'pemba@example.com', mobile: '+9779812345678' },
      },
    });
    expect(held.ok(), await held.text()).toBe(true);
    const pnr = (await held.json()).data.pnr as string;
    const paid = await api.post(`bookings/${pnr}/payments`, { data: { method: 'wallet' } });
    expect(paid.ok(), await paid.text()).toBe(true);
    const booking = (await (await api.get(`bookings/${pnr}`)).json()).data as {
      tickets: { ticket_number: string }[];
    };
    return { pnr, ticketNumbers: booking.tickets.map((t) => t.ticket_number) };
  } finally {
    await api.dispose();
  }
}

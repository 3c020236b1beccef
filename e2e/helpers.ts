import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  request as apiRequest,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

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

/** An ISO date as the English site's date fields show it: day/month/year ("01/12/2026"). */
export const shownDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

// --- Agent bookings made through the API, as the setup of the booking and console specs ---

/** Letters only (names are checked), different on every run so filters find this run's bookings. */
export const uniqueLetters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The demo agent, signed in through the API in a context of its own (dispose it at the end). */
export async function agentApi(baseURL: string): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL });
  const login = await api.post('/api/b2b/v2/auth/login', {
    data: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'cookie' },
  });
  expect(login.ok()).toBe(true);
  return api;
}

/** The demo agent's page in a browser context of its own, signed in (close the context at the end). */
export async function agentPage(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/b2b/v2/auth/login', {
    data: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'cookie' },
  });
  expect(login.ok()).toBe(true);
  return { context, page: await context.newPage() };
}

/** The agent's wallet balance in minor units. */
export async function walletBalance(api: APIRequestContext): Promise<number> {
  return (await (await api.get('/api/b2b/v2/me')).json()).data.wallet_balance;
}

/** The signed-in agent's wallet entries for one booking (yesterday and today, Nepal time), oldest first. */
export async function walletEntriesOf(
  api: APIRequestContext,
  pnr: string,
): Promise<{ kind: string; amount: number }[]> {
  const statement = await api.get(
    `/api/b2b/v2/wallet/statement?from=${inDays(-1)}&to=${inDays(0)}&format=json`,
  );
  expect(statement.ok(), await statement.text()).toBe(true);
  const lines = (await statement.json()).data.lines as { kind: string; amount: number; pnr: string | null }[];
  return lines.filter((line) => line.pnr === pnr).map(({ kind, amount }) => ({ kind, amount }));
}

/** A KTM→PKR offer as the search returns it (the fields the specs choose by). */
export interface KtmPkrOffer {
  id: string;
  stops: number;
  fare: { family: string; refundable: boolean };
  price: { total: number };
}

export interface FlightHold {
  /** How many days ahead (Nepal time) the flight leaves. */
  days: number;
  lastName: string;
  /** The adults' first names, one seat each; the first is the contact. */
  firstNames: string[];
  title: 'Mr' | 'Ms';
  idempotencyKey: string;
  /** Which offer to hold: the first direct one unless told. */
  offer?: { where: (offer: KtmPkrOffer) => boolean; what: string };
  /** The contact's e-mail: `<first name>.<last name>@example.com` unless told. */
  contactEmail?: string;
  /** Nepali display names (Devanagari) by adult, in `firstNames`' order; none where empty. */
  displayNamesNe?: string[];
}

const DIRECT = { where: (offer: KtmPkrOffer) => offer.stops === 0, what: 'direct' };

/** Holds a KTM→PKR flight for adults through the API of `api`'s signed-in user; its PNR. */
export async function holdFlight(api: APIRequestContext, hold: FlightHold): Promise<string> {
  const search = await api.post('/api/b2b/v2/flights/search', {
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: inDays(hold.days),
      nationality_code: 'NP',
      adults: hold.firstNames.length,
      children: 0,
      infants: 0,
    },
  });
  const { where, what } = hold.offer ?? DIRECT;
  const offer = ((await search.json()).data.legs[0].offers as KtmPkrOffer[]).find(where);
  if (!offer) throw new Error(`no ${what} KTM→PKR offer`);
  const [contact] = hold.firstNames;
  const held = await api.post('/api/b2b/v2/bookings', {
    headers: { 'idempotency-key': hold.idempotencyKey },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: hold.firstNames.map((firstName, i) => ({
        type: 'adult',
        title: hold.title,
        first_name: firstName,
        last_name: hold.lastName,
        gender: hold.title === 'Mr' ? 'male' : 'female',
        nationality: 'NP',
        ...(hold.displayNamesNe?.[i] ? { display_name_ne: hold.displayNamesNe[i] } : {}),
      })),
      contact: {
        name: `${contact} ${hold.lastName}`,
        email: hold.contactEmail ?? `${contact?.toLowerCase()}.${hold.lastName}@example.com`,
        mobile: '+9779812345678',
      },
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  return (await held.json()).data.pnr as string;
}

/** Pays a held booking from the signed-in agent's wallet. */
export async function payByWallet(api: APIRequestContext, pnr: string): Promise<void> {
  const paid = await api.post(`/api/b2b/v2/bookings/${pnr}/payments`, { data: { method: 'wallet' } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** Holds a KTM→PKR flight and pays it from the wallet; its PNR. */
export async function bookAndPay(api: APIRequestContext, hold: FlightHold): Promise<string> {
  const pnr = await holdFlight(api, hold);
  await payByWallet(api, pnr);
  return pnr;
}

/** Signs in to the console on the log-in form `path` shows to a signed-out visitor. */
export async function logInToConsole(
  page: Page,
  path: string,
  login = 'admin@sajilo.example',
): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail or mobile number').fill(login);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in to the console as Sajilo Travels' demo admin, who lands on the dashboard. */
export async function logInAsBrandAdmin(page: Page): Promise<void> {
  await logInToConsole(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * A money move in the console waits for its confirmation (docs/admin.md#the-web-console): the
 * dialog must name the account and the amount before its button (the action's own words) moves it.
 */
export async function confirmMoneyMove(
  page: Page,
  action: string,
  expected: { account: string; amount: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Confirm: ${action}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Account: ${expected.account}`);
  await expect(dialog).toContainText(`Amount: ${expected.amount}`);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

/** In the console, opens the wallet panel of the agent Bikash Gurung (each demo agency has one). */
export async function openBikashWallet(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Agents and users' }).click();
  await page.getByLabel('Search by name, e-mail or mobile').fill('bikash');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('row', { name: /Bikash Gurung/ })
    .getByRole('button', { name: /Wallet/ })
    .click();
  const panel = page.getByRole('region', { name: 'Wallet of Bikash Gurung' });
  await expect(panel.getByTestId('wallet-balance')).toContainText('NPR');
  return panel;
}

/** No serious or critical axe violation on the page as it stands. */
export async function expectNoSeriousViolation(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label} ${v.id}: ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
}

/** Books and pays (wallet) a refundable KTM→PKR flight as the signed-in page's user; its PNR. */
export async function ticketedBooking(
  page: Page,
  days: number,
  lastName: string,
  keyPrefix: string,
): Promise<string> {
  const pnr = await holdFlight(page.request, {
    days,
    lastName,
    firstNames: ['Sita'],
    title: 'Ms',
    idempotencyKey: `${keyPrefix}-${lastName}`,
    offer: { where: (offer) => offer.fare.refundable, what: 'refundable' },
    contactEmail: 'sita@example.com',
  });
  await fundWallet(new URL(page.url()).origin, 'agent@sajilo.example');
  await payByWallet(page.request, pnr);
  return pnr;
}

// --- end of agent bookings ---

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
  const api = await agentApi(origin);
  try {
    const family = options.family ?? 'Apex';
    const pnr = await bookAndPay(api, {
      days: options.days,
      lastName: options.lastName,
      firstNames: ['Pemba'],
      title: 'Mr',
      idempotencyKey: `${options.keyPrefix}-${options.lastName}`,
      offer: {
        where: (offer) => offer.stops === 0 && offer.fare.family === family,
        what: `direct ${family}`,
      },
      contactEmail: 'pemba@example.com',
    });
    const booking = (await (await api.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data as {
      tickets: { ticket_number: string }[];
    };
    return { pnr, ticketNumbers: booking.tickets.map((t) => t.ticket_number) };
  } finally {
    await api.dispose();
  }
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoSeriousViolation,
  holdFlight,
  inDays,
  logIn,
  logInAsBrandAdmin,
  logInToConsole,
  uniqueLetters,
} from './helpers';

/**
 * The agency's counter (docs/admin.md#the-web-console): navigation that fits a laptop and a phone,
 * the dashboard, the refunds queue and the agency's webhooks.
 */

test('every section tab is in view at 1,366 × 768, and behind the menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await logInAsBrandAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  const links = nav.getByRole('link');
  // The owner sees every section (web/src/features/admin/admin-sections.ts).
  await expect(links).toHaveCount(19);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 1366, (await link.textContent()) ?? '').toBe(true);
  }
  // Nothing hides in a scrolled strip: the navigation is as wide as what it holds.
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  for (const name of ['Reports', 'VAT sales register', 'Tax details']) {
    await expect(nav.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
  }

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(nav.getByRole('link', { name: 'Reports' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Sections' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Tax details' })).toBeHidden();
});

test.describe('on the second demo agency, whose holds the public specs leave alone', () => {
  const PORT = Number(process.env.E2E_PORT ?? 3100);
  test.use({ baseURL: `http://globalime.localhost:${PORT}` });

  test('the dashboard shows a hold about to lapse and the agents’ low wallets', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The agent holds a flight from their own browser (*.localhost resolves in the browser only).
    const agentContext = await browser.newContext({ baseURL });
    const agent = await agentContext.newPage();
    await logIn(agent, 'agent@globalime.example');
    await expect(agent).not.toHaveURL(/\/auth\/login/);
    const pnr = await agent.evaluate(
      async ({ date, key }) => {
        const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
          (
            await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...headers },
              body: JSON.stringify(body),
            })
          ).json();
        const search = await post('/api/b2b/v2/flights/search', {
          depart_code: 'KTM',
          dest_code: 'PKR',
          depart_date: date,
          nationality_code: 'NP',
          adults: 1,
          children: 0,
          infants: 0,
        });
        const offer = search.data.legs[0].offers[0];
        const held = await post(
          '/api/b2b/v2/bookings',
          {
            offers: [{ id: offer.id, total: offer.price.total }],
            passengers: [
              {
                type: 'adult',
                title: 'Ms',
                first_name: 'Mina',
                last_name: 'Dashboard',
                gender: 'female',
                nationality: 'NP',
              },
            ],
            contact: {
              name: 'Mina Dashboard',
              email: 'mina.dashboard@example.com',
              mobile: '+9779812345678',
            },
          },
          { 'idempotency-key': key },
        );
        return held.data.pnr as string;
      },
      { date: inDays(27), key: `e2e-dashboard-${uniqueLetters()}` },
    );
    await agentContext.close();

    await logInToConsole(page, '/admin', 'admin@globalime.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const lapsing = page.getByTestId('dashboard-lapsing');
    await expect(lapsing).toContainText(/holds? lapses? within the hour/);
    await lapsing.getByRole('link', { name: pnr }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${pnr}$`));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('dashboard-sales')).toBeVisible();
    await expect(page.getByTestId('dashboard-tickets')).toBeVisible();
    await expect(page.getByTestId('dashboard-low-wallets')).toContainText('Wallets below NPR 5,000');
    await expectNoSeriousViolation(page, 'dashboard');
  });
});

/** A new traveller pays a booking through the eSewa sandbox and cancels it: a refund owed by hand. */
async function esewaRefundOwed(browser: Browser, baseURL: string | undefined): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const unique = Date.now().toString().slice(-7);
  const email = `refund.${unique}@example.com`;
  const password = 'Rhododendron valley walk';
  const signup = await context.request.post('/api/b2b/v2/auth/signup', {
    data: { firstName: 'Dawa', lastName: 'Sherpa', email, mobile: `+977 984${unique}`, password },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const login = await context.request.post('/api/b2b/v2/auth/login', {
    data: { login: email, password, session: 'cookie' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const pnr = await holdFlight(context.request, {
    days: 29,
    lastName: `Sherpa${uniqueLetters()}`,
    firstNames: ['Dawa'],
    title: 'Mr',
    idempotencyKey: `e2e-refund-queue-${unique}`,
  });
  const page = await context.newPage();
  await page.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  await page.getByRole('radio', { name: 'eSewa' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const cancelled = await context.request.post(`/api/b2b/v2/bookings/${pnr}/cancel`, {
    data: { confirm: true },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await context.close();
  return pnr;
}

async function auditEntriesOf(page: Page, action: string) {
  const answer = await page.request.get(`/api/b2b/v2/admin/audit?action=${action}&pageSize=100`);
  return (await answer.json()).data.items as { entityId: string; after: Record<string, unknown> }[];
}

test('the refunds queue: an eSewa refund is marked refunded once, after a confirmation, even clicked twice', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pnr = await esewaRefundOwed(browser, baseURL);
  await logInAsBrandAdmin(page);
  await expect(page.getByTestId('dashboard-hand-refunds')).toContainText(/refunds? wait/);
  await page.getByRole('link', { name: 'Open the refunds queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds to pay' })).toBeVisible();
  await expectNoSeriousViolation(page, 'refunds queue');

  const item = page.getByTestId('refund-to-pay').filter({ hasText: pnr });
  const amount = ((await item.getByRole('paragraph').first().textContent()) ?? '').match(/NPR [\d,.]+/)?.[0];
  expect(amount).toBeTruthy();
  const form = item.getByRole('form', { name: `Mark refunded: ${pnr}` });
  await form.getByRole('button', { name: 'Mark refunded' }).click();
  await expect(form.getByLabel('Refund reference')).toHaveAttribute('aria-invalid', 'true');
  const reference = `ESW-RF-${Date.now().toString().slice(-6)}`;
  await form.getByLabel('Refund reference').fill(reference);
  await form.getByLabel('Note (optional)').fill('Paid from the eSewa merchant panel');
  await form.getByRole('button', { name: 'Mark refunded' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm: Mark refunded' });
  await expect(dialog).toContainText(`Account: eSewa · ${pnr}`);
  await expect(dialog).toContainText(`Amount: ${amount}`);
  await expect(dialog).toContainText(`Reference: ${reference}`);
  await dialog.getByRole('button', { name: 'Mark refunded' }).dblclick();
  await expect(page.getByText(`Refund of ${amount} for ${pnr} recorded.`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // Recorded exactly once, audited with the reference and the note, and shown in words.
  const entries = (await auditEntriesOf(page, 'refund.complete')).filter(
    (entry) => entry.after.reference === reference,
  );
  expect(entries).toHaveLength(1);
  expect(entries[0]?.after.note).toBe('Paid from the eSewa merchant panel');
  await page.getByRole('link', { name: 'Audit log' }).click();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Recorded a refund paid back by hand');
  await expect(row).toContainText('Status: pending → completed');
  await expect(row).toContainText(`Reference: ${reference}`);
  await expect(row).not.toContainText('{');
});

test('the agency adds a webhook, sends a test, sees it delivered and redelivers it', async ({ page }) => {
  const received: { type: string; signature: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ type: JSON.parse(body).type, signature: String(request.headers['tikat-signature']) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tikat`;
  try {
    await logInAsBrandAdmin(page);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add webhook' });
    await form.getByLabel('Address (https://…)').fill(url);
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();
    await form.getByLabel('Booking ticketed').check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByTestId('new-webhook-secret')).toHaveText(/^whsec_/);

    const item = page.getByRole('listitem', { name: url });
    await item.getByRole('button', { name: 'Send a test' }).click();
    await expect(page.getByText(`Test event sent to ${url}.`)).toBeVisible();
    const first = item.getByTestId('webhook-delivery').first();
    await expect(first).toContainText('Test');
    await expect(first).toContainText('Delivered', { timeout: 20_000 });
    await expect(first).toContainText('200');
    expect(received.map((r) => r.type)).toEqual(['webhook.test']);
    expect(received[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    await first.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('The event is sent again.')).toBeVisible();
    await expect(item.getByTestId('webhook-delivery')).toHaveCount(2);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    await expectNoSeriousViolation(page, 'webhooks');

    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: 'Delete' }).click();
    await expect(item).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('an agent finds Webhooks beside API keys in their account menu', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill('agent@sajilo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: /Bikash Gurung/ }).click();
  await page.getByRole('menuitem', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add webhook' })).toBeVisible();
});

import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fundWallet, inDays, logIn } from './helpers';

/**
 * Duffel as a supplier (docs/suppliers.md), in the browser: with DUFFEL_ACCESS_TOKEN=duffel_test_… and
 * DUFFEL_API_URL pointed at the local Duffel stand-in, an agent searches KTM→LHR, sees Duffel's offers priced
 * in NPR, books with the passport the offer asks for, pays from the wallet, sees the airline's
 * reference and the e-ticket numbers, and cancels through Duffel.
 *
 * The shared test server has no outside supplier (the other specs count on the house inventory
 * alone), so this spec starts its own: the built server (`npm run build` first, as for every spec)
 * with Duffel configured, and the stand-in (`npm run duffel:sandbox`), each on a port of its own.
 */
const BASE = Number(process.env.E2E_PORT ?? 3100);
const TIKAT_PORT = BASE + 7;
const SANDBOX_PORT = BASE + 8;
const root = path.resolve(import.meta.dirname, '..');
const started: ChildProcess[] = [];

async function waitFor(url: string, process: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (process.exitCode !== null) throw new Error(`${url}: the process exited (${process.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  // No SMTP_URL: e-mails wait in the outbox.
  const { SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(command, args, { cwd: root, env: { ...inherited, ...env }, stdio: 'inherit' });
  started.push(child);
  return child;
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://localhost:${TIKAT_PORT}` });

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes the fixtures first
test.beforeAll(async ({}, testInfo) => {
  // One project runs it: the servers' ports are this spec's own.
  test.skip(testInfo.project.name !== 'desktop', 'the Duffel servers run once, for the desktop project');
  test.setTimeout(180_000);
  const sandbox = start(
    path.join(root, 'node_modules/.bin/tsx'),
    ['server/src/suppliers/duffel-sandbox/cli.ts'],
    {
      DUFFEL_SANDBOX_PORT: String(SANDBOX_PORT),
    },
  );
  const tikat = start(process.execPath, ['--max-semi-space-size=8', 'dist/server/main.js'], {
    PORT: String(TIKAT_PORT),
    DATA_DIR: 'memory://',
    UPLOADS_DIR: path.join(tmpdir(), `tikat-e2e-uploads-${TIKAT_PORT}`),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
    RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: '1000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    DUFFEL_ACCESS_TOKEN: 'duffel_test_e2e',
    DUFFEL_API_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
    SUPPLIER_TIMEOUT_MS: '10000',
  });
  await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/air/offers/none`, sandbox, 60_000);
  await waitFor(`http://localhost:${TIKAT_PORT}/readyz`, tikat, 150_000);
});

test.afterAll(async () => {
  for (const child of started) child.kill('SIGTERM');
  await Promise.all(
    started.map((child) =>
      child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
});

test('an agent books a Duffel flight KTM→LHR in NPR, pays from the wallet, sees the airline’s reference and e-tickets, and cancels through Duffel', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'agent@sajilo.example');
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  // London fares are dearer than one top-up (NPR 50,000).
  for (let i = 0; i < 3; i++) await fundWallet(`http://localhost:${TIKAT_PORT}`, 'agent@sajilo.example');

  // The house inventory's own London fares show first; Duffel's (Qatar Airways via Doha in the
  // stand-in) join them when Duffel answers, converted to NPR.
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=LHR&date=${inDays(21)}&adults=1&nat=NP`);
  // Duffel's fare brands (Economy Saver, Economy Classic) tell its offers from the house's.
  const duffelOffer = page
    .getByRole('article', { name: 'Qatar Airways', exact: true })
    .filter({ has: page.getByRole('radio', { name: /^Economy Classic NPR/ }) })
    .first();
  await expect(duffelOffer).toBeVisible({ timeout: 30_000 });
  await expect(duffelOffer).toContainText('NPR');
  await expect(duffelOffer).toContainText('DOH');
  // The fare brand that Duffel refunds for a penalty.
  await duffelOffer.getByRole('radio', { name: /^Economy Classic NPR/ }).check();
  await duffelOffer.getByRole('button', { name: 'Select · Economy Classic' }).click();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible({ timeout: 20_000 });

  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  await passenger.getByLabel('Title').selectOption('Ms');
  await passenger.getByLabel('Gender').selectOption('female');
  await passenger.getByLabel(/^First name/).fill('Sita');
  await passenger.getByLabel(/^Last name/).fill('Gurung');
  // Duffel's orders need every passenger's birth date, and the passport when the offer says so.
  await passenger.getByLabel(/^Date of birth/).fill('1994-02-11');
  const passport = passenger.getByLabel('Passport number');
  if (await passport.isVisible()) {
    await passport.fill('PA7654321');
    await passenger.getByLabel('Passport expiry').fill('2031-06-30');
  }
  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText(/Held, awaiting payment|Ticketed/, {
    timeout: 20_000,
  });
  const pnr = ((await page.getByTestId('pnr').textContent()) ?? '').trim();

  await page.getByRole('radio', { name: 'Agent wallet' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed', { timeout: 20_000 });
  const reference = page.getByTestId('airline-reference');
  await expect(reference).toHaveText(/^[A-Z0-9]{6}$/);
  const airlineReference = ((await reference.textContent()) ?? '').trim();
  expect(airlineReference).not.toBe(pnr);
  // Duffel's e-ticket numbers (13 digits), one per passenger for every flight of the order.
  const ticket = page.getByTestId('valid-ticket').first();
  await expect(ticket).toContainText(/\d{13}/);
  await expect(ticket).toContainText('Sita Gurung');

  // Cancelled through Duffel: its order cancellation's refund, in NPR, to the wallet.
  await page.goto('/user/bookings');
  await page.getByLabel('Find by PNR').fill(pnr);
  const item = page.getByRole('listitem').filter({ hasText: pnr });
  await expect(item).toContainText('Ticketed');
  await item.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${pnr}?` });
  await expect(dialog.getByTestId('cancel-refund')).toContainText('NPR', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(page.getByTestId('cancel-done').getByText(`Booking ${pnr} cancelled.`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(item).toContainText(/Refunded|Cancelled/);

  const atDuffel = await fetch(
    `http://127.0.0.1:${SANDBOX_PORT}/air/orders?booking_reference=${airlineReference}`,
    { headers: { authorization: 'Bearer duffel_test_e2e', 'duffel-version': 'v2' } },
  );
  const listed = (await atDuffel.json()) as { data: { cancelled_at: string | null }[] };
  expect(listed.data).toHaveLength(1);
  expect(listed.data[0]?.cancelled_at).not.toBeNull();
});

import { expect, type Page, test } from '@playwright/test';
import { logIn, ticketedBooking } from './helpers';

/** Whether the service worker has kept an answer for this address (its caches, read from the page). */
const kept = (page: Page, address: string) =>
  page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), address);

// The service worker is what this spec is about (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const uniqueName = (prefix: string) =>
  `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;

test('My Tickets, a ticket and its PDF opened once still load with the network off', async ({
  page,
  context,
}, testInfo) => {
  // A booking paid and ticketed, three page loads and a PDF: more than the default time on a busy machine.
  test.slow();
  await logIn(page, 'agent@sajilo.example');
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  const lastName = uniqueName(testInfo.project.name === 'mobile' ? 'Offm' : 'Offd');
  const pnr = await ticketedBooking(
    page,
    17 + (testInfo.project.name === 'mobile' ? 1 : 0),
    lastName,
    'e2e-offline',
  );
  const pdf = `/api/b2b/v2/bookings/${pnr}/ticket.pdf`;

  // The installable app: the page links the brand's manifest and the service worker takes control.
  await page.goto('/user/tickets');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const ticket = page.getByTestId('ticket').filter({ hasText: pnr });
  await expect(ticket).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Chromium reads the brand's manifest without an error and would offer to install the app; the
  // one objection the full browser has is the test's private window, where nothing installs (the
  // headless shell CI runs, docs/decisions/0016-browser-tests-in-the-headless-shell.md, has none).
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Sajilo Travels', start_url: '/' });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const objections = installabilityErrors.map((error) => error.errorId);
  expect(objections.filter((objection) => objection !== 'in-incognito')).toEqual([]);
  // My Tickets was the first page the worker saw: it keeps what the page loaded before it took over.
  await expect.poll(() => kept(page, '/api/b2b/v2/tickets')).toBe(true);

  // The ticket's page, then its PDF, as the traveller opens them.
  await ticket.getByRole('link', { name: pnr }).click();
  await expect(page.getByTestId('pnr')).toHaveText(pnr);
  const opened = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { ok: response.ok, type: response.headers.get('content-type') };
  }, pdf);
  expect(opened).toEqual({ ok: true, type: 'application/pdf' });

  await context.setOffline(true);
  try {
    await page.goto('/user/tickets');
    await expect(page.getByTestId('ticket').filter({ hasText: pnr })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Tickets' })).toBeVisible();

    await page.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
    await expect(page.getByTestId('pnr')).toHaveText(pnr);
    await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
    await expect(page.getByText(lastName, { exact: false }).first()).toBeVisible();

    // The PDF is the one the server wrote: a real PDF document, read from the cache.
    const offlinePdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { ok: response.ok, start: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
    }, pdf);
    expect(offlinePdf.ok).toBe(true);
    expect(offlinePdf.start).toBe('%PDF-');
    expect(offlinePdf.size).toBeGreaterThan(1000);

    // A page never opened is not invented: the network is really off.
    const search = await page.evaluate(async () => {
      try {
        await fetch('/api/b2b/v2/airports?q=pok');
        return 'answered';
      } catch {
        return 'offline';
      }
    });
    expect(search).toBe('offline');
  } finally {
    await context.setOffline(false);
  }

  // Signing out drops the cached answers: the next traveller on this phone sees none of them.
  await page.goto('/user/tickets');
  await page.getByRole('button', { name: 'Bikash Gurung' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => kept(page, '/api/b2b/v2/tickets')).toBe(false);
  expect(await kept(page, `/api/b2b/v2/bookings/${pnr}`)).toBe(false);
  expect(await kept(page, pdf)).toBe(false);
});

test('a page is kept by its path alone, never with a query that may carry a secret', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/auth/reset-password?token=a-secret-reset-token');
  await page.goto('/user/bookings?from=a-secret-link');
  await expect.poll(() => kept(page, '/user/bookings')).toBe(true);
  const keys = await page.evaluate(async () => {
    const names = await caches.keys();
    const all: string[] = [];
    for (const name of names)
      for (const request of await (await caches.open(name)).keys()) all.push(request.url);
    return all;
  });
  expect(keys.filter((url) => url.includes('secret'))).toEqual([]);
  expect(keys.filter((url) => url.includes('/auth/'))).toEqual([]);
});

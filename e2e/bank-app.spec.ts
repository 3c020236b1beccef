import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { bankAppData } from './helpers';

/**
 * The bank's app (Global IME, app-SDK mode, no header): its customer arrives signed in, moves
 * around with the bottom bar, finds the bank's contact block, and goes back to the bank's app.
 */
const PORT = process.env.E2E_PORT ?? 3100;
const bank = `http://globalime.localhost:${PORT}`;
/** The bank's own app page that opens the site (played by a page the test serves). */
const BANK_APP = 'https://bank.example/app';

async function openFromBankApp(page: Page, data: string): Promise<void> {
  await page.route(BANK_APP, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Bank app</title><h1>Bank app</h1><a href="${bank}/?data=${encodeURIComponent(data)}&skip=1">Flights</a>`,
    }),
  );
  await page.goto(BANK_APP);
  await page.getByRole('link', { name: 'Flights' }).click();
}

test("the bank's customer goes from sign-in to My Tickets with the bottom bar, and back to the bank's app", async ({
  page,
  request,
}) => {
  const { data, firstName } = await bankAppData(request, PORT);
  await openFromBankApp(page, data);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  const bar = page.getByRole('navigation', { name: 'App' });
  await expect(bar).toBeVisible();

  await bar.getByRole('button', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile).toContainText(`${firstName} Thapa`);
  await profile.getByRole('button', { name: 'Close' }).click();
  await expect(profile).toBeHidden();

  await bar.getByRole('link', { name: 'My Tickets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Your e-tickets appear here.')).toBeVisible();
  await bar.getByRole('link', { name: 'My Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();

  // The bank's contact details from the app-SDK data, as the seed's contact block (§2.2).
  await bar.getByRole('button', { name: 'Customer care' }).click();
  const care = page.getByRole('dialog', { name: 'Customer care' });
  await expect(care.getByRole('link', { name: '015970000' })).toHaveAttribute('href', 'tel:015970000');
  await expect(care).toContainText('+977 9801000001');
  await expect(care.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/9779801000001',
  );
  await expect(care.getByRole('link', { name: 'care@bank.example' })).toHaveAttribute(
    'href',
    'mailto:care@bank.example',
  );
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(care).toBeHidden();

  // Nothing of the bar hides the page's end: the layout leaves room for it.
  const barHeight = (await bar.boundingBox())?.height ?? 0;
  expect(barHeight).toBeGreaterThan(40);
  const room = await page
    .locator('#main')
    .evaluate((main) => Number.parseFloat(getComputedStyle(main.parentElement as Element).paddingBottom));
  expect(room).toBeGreaterThanOrEqual(barHeight - 1);

  await bar.getByRole('button', { name: 'Profile' }).click();
  await page
    .getByRole('dialog', { name: 'Profile' })
    .getByRole('button', { name: 'Back to the Global IME app' })
    .click();
  await expect(page).toHaveURL(BANK_APP);
  await expect(page.getByRole('heading', { name: 'Bank app' })).toBeVisible();
});

test('a replayed sign-in token is refused in plain words, with the way back to the bank app', async ({
  page,
  request,
}) => {
  const { data } = await bankAppData(request, PORT);
  // The token works once: a first visit (another browser) uses it up.
  const first = await page.context().browser()?.newContext();
  const firstPage = await first?.newPage();
  await firstPage?.goto(`${bank}/?data=${encodeURIComponent(data)}&skip=1`);
  await expect.poll(() => firstPage?.evaluate("fetch('/api/b2b/v2/me').then((r) => r.status)")).toBe(200);
  await first?.close();

  await openFromBankApp(page, data);
  const refused = page.getByRole('alert').filter({ hasText: 'We could not sign you in' });
  await expect(refused).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not sign you in');
  await expect(refused).toContainText('The sign-in link from Global IME has expired or was already used.');
  // Not the home page as if nothing had happened.
  await expect(page.getByRole('button', { name: 'Search flights' })).toHaveCount(0);
  expect(await page.evaluate("fetch('/api/b2b/v2/me').then((r) => r.status)")).toBe(401);
  await refused.getByRole('button', { name: 'Back to the Global IME app' }).click();
  await expect(page).toHaveURL(BANK_APP);
});

test('sign-in data that cannot be read is refused the same way', async ({ page }) => {
  await openFromBankApp(page, 'not-base64-json');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not sign you in');
  await expect(page.getByRole('button', { name: 'Back to the Global IME app' })).toBeVisible();
});

test.describe('on a phone set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('Global IME opens dark with the picker on System, follows the OS live, and paints dark before its script runs', async ({
    page,
    browser,
  }) => {
    await page.goto(`${bank}/`);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const picker = page.getByLabel('Theme');
    await expect(picker).toHaveValue('system');
    await expect(picker.locator('option:checked')).toHaveText('System');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();

    // The OS switches to light while the page is open: the page follows without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await background()).not.toBe(dark);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');

    // The server's first paint, before any script: already dark (no light flash).
    const noScript = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const firstPaint = await noScript.newPage();
    await firstPaint.goto(`${bank}/`);
    await expect(firstPaint.locator('html')).toHaveAttribute('data-theme', 'system');
    expect(await firstPaint.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(dark);
    await noScript.close();
  });
});

import { expect, test } from '@playwright/test';

/**
 * Seed specification behaviours (shared/spec/seed-spec.md), one test each, named by section.
 * Others live beside their flows: home.spec.ts (routes, header rules, footer, title),
 * accounts.spec.ts (log-in, commission modal rules and messages, logout, app-SDK entry),
 * search.spec.ts (search params, results), and web unit tests (store actions, commission rules).
 */
const PORT = process.env.E2E_PORT ?? 3100;
const tomorrow = new Date(Date.now() + 30 * 3_600_000).toISOString().slice(0, 10);
const resultsPage = `/flight-search?trip=oneway&from=KTM&to=PKR&date=${tomorrow}&adults=1&nat=NP`;
const bank = `http://globalime.localhost:${PORT}`;

test('§1/§4 theme: the agency brand is always light; Global IME follows light, dark or system', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByLabel('Theme')).toHaveCount(0);

  await page.goto(`${bank}/`);
  const theme = page.getByLabel('Theme');
  await theme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'dark' });
  await theme.selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('system');
});

test('§1 banners: booking page top and bottom banners with titles; five side banners beside results', async ({
  page,
}) => {
  await page.goto('/booking');
  await expect(page.getByText('Saurya Airlines resumes flights from 1 December 2023')).toBeVisible();
  await expect(page.getByText('Fly from Kathmandu to Kuwait and other destinations')).toBeVisible();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/flight-search');
  // Decorative (alt=""), so they are images to the eye but not to a screen reader.
  await expect(page.getByRole('complementary', { name: 'Offers' }).locator('img')).toHaveCount(5);
});

test('§3 client state: persisted under the brand key and restored at start, with no secret in it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'From' }).fill('pok');
  await page.getByRole('option', { name: /PKR/ }).first().click();
  await page.goto('/flight-search?trip=oneway&from=KTM&to=PKR&date=2099-01-01&adults=1&nat=NP');
  const saved = await page.evaluate(() => localStorage.getItem('SajiloTravelsState'));
  expect(saved).not.toBeNull();
  const state = JSON.parse(saved as string).state;
  expect(Object.keys(state).sort()).toEqual(['booking', 'flight', 'modal', 'search', 'user']);
  expect(state.flight.params.user_type).toBe('agent');
  expect(saved).not.toMatch(/token|password|session/i);
});

test('§3 is-mobile flag follows the 768 px breakpoint', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 800 });
  await page.goto(resultsPage);
  // On a phone-sized screen the results' filters start folded (they read the is-mobile flag).
  await expect(page.getByText('Filters', { exact: true })).toBeVisible();
  await expect(page.getByText('Any number of stops')).toBeHidden();
  await page.setViewportSize({ width: 769, height: 800 });
  await page.reload();
  await expect(page.getByText('Any number of stops')).toBeVisible();
});

test('§2 footer: the scroll-to-top button appears past 400 px and takes the page back up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto(resultsPage);
  await expect(page.getByRole('article').first()).toBeVisible();
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 300));
  await page.waitForTimeout(1100);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 450));
  await expect(button).toBeVisible({ timeout: 2500 });
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('§2 footer: the logo links to /?data= with the stored base64 data', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /home/ })).toHaveAttribute(
    'href',
    '/?data=',
  );
  await page.evaluate(() => localStorage.setItem('SajiloTravelsBase64Data', 'eyJhIjoxfQ=='));
  await page.reload();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /home/ })).toHaveAttribute(
    'href',
    '/?data=eyJhIjoxfQ%3D%3D',
  );
});

test('§2 global confirm modal: static, and on /Booking/FlightConfirm its Close clears the booking and goes to search', async ({
  page,
}) => {
  await page.goto('/Booking/FlightConfirm');
  // Let the app start (the footer is React's, not the server's first paint) and save the store
  // before putting a stored state in place.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const key = 'SajiloTravelsState';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
    saved.state.modal = {
      status: true,
      title: 'Seats gone',
      content: '<p>Sold <b>out</b><img src=x onerror="window.hacked=1"></p>',
      confirmText: '',
      cancelText: '',
    };
    saved.state.booking = {
      passengers: [{ first_name: 'Ram' }],
      summaryType: 'default',
      bookingSummary: { pnr: 'ABC234' },
    };
    localStorage.setItem(key, JSON.stringify(saved));
    localStorage.setItem('SajiloTravelsBase64Data', 'eyJhIjoxfQ==');
  });
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Seats gone' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sold out');
  expect(await page.evaluate('window.hacked')).toBeUndefined();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/flight-search$/);
  const state = await page.evaluate(
    () => JSON.parse(localStorage.getItem('SajiloTravelsState') as string).state,
  );
  expect(state.booking.passengers).toEqual([]);
  expect(state.booking.bookingSummary).toEqual({});
  expect(await page.evaluate(() => localStorage.getItem('SajiloTravelsBase64Data'))).toBeNull();
});

test('§2 notifications: toasts are at most 350 px wide', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill('agent@sajilo.example');
  await page.getByLabel('Password').fill('Himalaya-Demo-2081');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'Bikash Gurung' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Logged out successfully' });
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())?.width ?? 0).toBeLessThanOrEqual(350);
});

test('§4 logout clears the stored user and contact data', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill('customer@sajilo.example');
  await page.getByLabel('Password').fill('Himalaya-Demo-2081');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Sita Tamang' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('SajiloTravelsUserData'))).toContain(
    'customer@sajilo.example',
  );
  await page.evaluate(() => localStorage.setItem('SajiloTravelsContactData', '{"mobile":"9800000000"}'));
  await page.getByRole('button', { name: 'Sita Tamang' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // The page is already /, so wait for the logout itself: the stored data gone.
  await expect
    .poll(() =>
      page.evaluate(() => [
        localStorage.getItem('SajiloTravelsUserData'),
        localStorage.getItem('SajiloTravelsContactData'),
      ]),
    )
    .toEqual([null, null]);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
});

test('§2 header: a click outside closes the profile dropdown', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill('individual@sajilo.example');
  await page.getByLabel('Password').fill('Himalaya-Demo-2081');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'Ram Karki' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Somewhere clear of the menu, whatever the screen width.
  await page.mouse.click(8, 400);
  await expect(page.getByRole('menu')).toHaveCount(0);
});

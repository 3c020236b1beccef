import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { logIn, openStoredModal } from './helpers';

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

test('§1 banners: booking page top and bottom banners with titles; five side banners in a row below the results', async ({
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
  await logIn(page, 'agent@sajilo.example');
  await page.getByRole('button', { name: 'Bikash Gurung' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Logged out successfully' });
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())?.width ?? 0).toBeLessThanOrEqual(350);
});

test('§4 logout clears the stored user and contact data', async ({ page }) => {
  await logIn(page, 'customer@sajilo.example');
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
  await logIn(page, 'individual@sajilo.example');
  await page.getByRole('button', { name: 'Ram Karki' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Somewhere clear of the menu, whatever the screen width.
  await page.mouse.click(8, 400);
  await expect(page.getByRole('menu')).toHaveCount(0);
});

/** Serves the page with the brand's configuration changed, as a brand configured that way would get it. */
async function withSiteConfig(page: Page, patch: Record<string, unknown>) {
  await page.route(
    (url) => !/^\/(api|assets|brand-assets|uploads)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="site-config">)(.*?)(<\/script>)/s,
        (_all, open: string, json: string, close: string) =>
          `${open}${JSON.stringify({ ...JSON.parse(json), ...patch }).replace(/</g, '\\u003c')}${close}`,
      );
      await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body: html });
    },
  );
}

test('§2 / is shown without the page wrapper; every other page sits in it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const hero = page.locator('#main > section').first();
  await expect(hero).toBeVisible();
  expect((await hero.boundingBox())?.width).toBe(1400);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking' })).toBeVisible();
  expect((await page.locator('#main').boundingBox())?.width ?? 0).toBeLessThan(1400);
});

test('§1/§2 app-SDK mode: the header logo leads back into the partner session; the contact block calls, Viber, WhatsApp and e-mail', async ({
  page,
}) => {
  await withSiteConfig(page, { isAppSdk: true });
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('SajiloTravelsBase64Data', 'eyJhIjoxfQ==');
    localStorage.setItem(
      'SajiloTravelsContactData',
      JSON.stringify({ telephone_no: '015970000', mobile: '9801000001', email: 'care@bank.example' }),
    );
  });
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: /home/ })).toHaveAttribute(
    'href',
    '/?data=eyJhIjoxfQ%3D%3D&skip=1',
  );
  const contact = page.getByTestId('app-sdk-contact');
  await contact.locator('summary').click();
  await expect(contact.getByRole('link', { name: '015970000' })).toHaveAttribute('href', 'tel:015970000');
  await expect(contact).toContainText('+977 9801000001');
  await expect(contact.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+9779801000001');
  await expect(contact.getByRole('link', { name: 'Viber' })).toHaveAttribute(
    'href',
    'viber://chat?number=%2B9779801000001',
  );
  await expect(contact.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/9779801000001',
  );
  await expect(contact.getByRole('link', { name: 'care@bank.example' })).toHaveAttribute(
    'href',
    'mailto:care@bank.example',
  );
});

test('§2 header: the hideNavbar setting hides it; without app-SDK mode the logo leads to /', async ({
  page,
}) => {
  await page.goto('/flight-search');
  await expect(page.getByRole('banner').getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
  await withSiteConfig(page, { hideNavbar: true });
  await page.goto('/flight-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Flight search' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('§2/§4/§8 profile dropdown: "Loading..." while the customer profile loads, "User" when it failed (and nothing breaks)', async ({
  page,
}) => {
  let releaseProfile = () => {};
  const profileAsked = new Promise<void>((resolve) => {
    page.route('**/api/b2b/v2/clients/profile', async (route) => {
      resolve();
      await new Promise<void>((release) => {
        releaseProfile = release;
      });
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, data: { error: 'down', code: 'INTERNAL' } }),
      });
    });
  });
  await page.route('**/api/b2b/v2/me', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"data":{}}' }),
  );
  await page.goto('/auth/login');
  await page.evaluate(() => localStorage.setItem('SajiloTravelsUserData', JSON.stringify({ name: '' })));
  const data = Buffer.from(JSON.stringify({ clientCustomerToken: 'a-token-the-bank-gave' })).toString(
    'base64',
  );
  await page.goto(`/?data=${encodeURIComponent(data)}`);
  await profileAsked;
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
  releaseProfile();
  await expect(page.getByRole('button', { name: 'User' })).toBeVisible();
  await page.getByRole('button', { name: 'User' }).click();
  await expect(page.getByRole('menuitem', { name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My Tickets' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

test('§2 global confirm modal: on /Booking/BookingConfirm its Close clears the booking and goes home; buttons follow the texts', async ({
  page,
}) => {
  await page.goto('/Booking/BookingConfirm');
  await page.waitForTimeout(300);
  const booking = {
    passengers: [{ first_name: 'Ram' }],
    summaryType: 'default',
    bookingSummary: { pnr: 'ABC234' },
  };
  const openModal = (modal: Record<string, unknown>) =>
    openStoredModal(page, { content: '<p>Body</p>', ...modal }, booking);

  await openModal({ title: 'Held too long' });
  const dialog = page.getByRole('dialog', { name: 'Held too long' });
  await expect(dialog.getByRole('button')).toHaveText(['Close']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  const state = await page.evaluate(
    () => JSON.parse(localStorage.getItem('SajiloTravelsState') as string).state,
  );
  expect(state.booking.passengers).toEqual([]);
  expect(state.booking.bookingSummary).toEqual({});

  // On / there is no Close; a cancel text adds Cancel, a confirm text the confirm button.
  await openModal({ title: 'Notice' });
  await expect(page.getByRole('dialog', { name: 'Notice' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Notice' }).getByRole('button')).toHaveCount(0);
  await openModal({ title: 'Go on?', confirmText: 'Go on', cancelText: 'Stay' });
  const both = page.getByRole('dialog', { name: 'Go on?' });
  await expect(both.getByRole('button')).toHaveText(['Stay', 'Go on']);
  await both.getByRole('button', { name: 'Stay' }).click();
  await expect(both).toHaveCount(0);
});

test('§2 notifications: at most 20 toasts at once', async ({ page }) => {
  await logIn(page, 'agent@sajilo.example');
  await page.getByRole('button', { name: 'Bikash Gurung' }).click();
  await page.getByRole('menuitem', { name: 'Set Commission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Commission' });
  const save = dialog.getByRole('button', { name: 'Save' });
  const clickSave25Times = () =>
    save.evaluate((button: HTMLButtonElement) => {
      for (let click = 0; click < 25; click++) button.click();
    });

  // Distinct messages stack: the server refuses 25 saves, each with its own message, far faster
  // than a toast goes away.
  let refusals = 0;
  await page.route('**/api/b2b/v2/update-user-profile', (route) => {
    refusals += 1;
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        data: { error: `Refusal number ${refusals}.`, code: 'CONFLICT' },
      }),
    });
  });
  await dialog.getByLabel('Commission %').fill('4');
  await clickSave25Times();
  await expect.poll(() => refusals).toBe(25);
  // Counted in the page itself: the toaster sits outside the open (modal) dialog.
  const refused = page.locator('[role="status"]').filter({ hasText: /^Refusal number \d+\.$/ });
  await expect(refused.first()).toBeAttached();
  // Extra toasts are dismissed at once and gone 1 s later; the rest stay for their 4 s.
  await page.waitForTimeout(1500);
  const count = await refused.count();
  expect(count).toBeLessThanOrEqual(20);
  expect(count).toBeGreaterThanOrEqual(15);

  // The same message again replaces its toast instead of piling up
  // (docs/web.md#messages-toasts-money-and-connections).
  await dialog.getByLabel('Commission %').fill('25');
  await clickSave25Times();
  const outOfRange = page
    .locator('[role="status"]')
    .filter({ hasText: 'Commission % must range from 0 to 20%.' });
  await expect(outOfRange.first()).toBeAttached();
  await page.waitForTimeout(1500);
  expect(await outOfRange.count()).toBe(1);
});

test('§8 commission update failure shows data.error, or the modal falls back to its own message', async ({
  page,
}) => {
  await logIn(page, 'agent@sajilo.example');
  await page.getByRole('button', { name: 'Bikash Gurung' }).click();
  await page.getByRole('menuitem', { name: 'Set Commission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Commission' });

  await page.route('**/api/b2b/v2/update-user-profile', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        data: { error: 'The agency has locked commissions.', code: 'CONFLICT' },
      }),
    }),
  );
  await dialog.getByLabel('Commission %').fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The agency has locked commissions.' }),
  ).toBeVisible();

  await page.unroute('**/api/b2b/v2/update-user-profile');
  await page.route('**/api/b2b/v2/update-user-profile', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream broke' }),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sorry, something went wrong.' })).toBeVisible();

  await page.unroute('**/api/b2b/v2/update-user-profile');
  await page.route('**/api/b2b/v2/update-user-profile', (route) => route.abort('connectionrefused'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Commission couldnot be updated' })).toBeVisible();
  await expect(dialog).toBeVisible();
});

/**
 * The seed's behaviours, §1–§9, each ticked off by the test that shows it. The test below fails
 * when a listed test is renamed or removed, so the list stays true.
 */
const SEED_CHECKLIST: { seed: string; behaviour: string; file: string; test: string }[] = [
  {
    seed: '§1',
    behaviour: 'users who are not individual set a commission',
    file: 'e2e/accounts.spec.ts',
    test: 'an agent sets a commission within 0–20 % and it stays set',
  },
  {
    seed: '§1',
    behaviour: 'search params default the user type to agent',
    file: 'web/src/stores/app-store.test.ts',
    test: 'starts from the seed defaults',
  },
  {
    seed: '§1',
    behaviour: 'branded per agency: name, favicon, header and footer logos, phone, e-mail',
    file: 'e2e/home.spec.ts',
    test: 'shows the brand in the title, the header logo and the +977 footer phone',
  },
  {
    seed: '§1',
    behaviour: 'branded head: title, description, favicon, configuration',
    file: 'server/src/http/web-app.test.ts',
    test: 'names the brand in the title, description and favicon',
  },
  {
    seed: '§1',
    behaviour: 'app-SDK flag changes the header and the home link',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§1/§2 app-SDK mode',
  },
  {
    seed: '§1',
    behaviour: 'self-service login (sign-up) is enabled',
    file: 'e2e/accounts.spec.ts',
    test: 'a traveller signs up, is greeted by name, and logs out',
  },
  {
    seed: '§1',
    behaviour: 'a payment step is enabled',
    file: 'e2e/booking.spec.ts',
    test: 'pays with eSewa and downloads the ticket',
  },
  {
    seed: '§1/§4',
    behaviour: 'Global IME has light/dark/system; other brands are always light',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§1/§4 theme',
  },
  {
    seed: '§1',
    behaviour: 'home, booking top and bottom (with titles) and five side banners',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§1 banners',
  },
  {
    seed: '§2',
    behaviour: 'the routes of the table',
    file: 'e2e/home.spec.ts',
    test: "['/Booking/BookingConfirm', 'Booking confirmation']",
  },
  {
    seed: '§2',
    behaviour: '/ without the page wrapper',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 / is shown without the page wrapper',
  },
  {
    seed: '§2',
    behaviour: 'sticky header on /booking',
    file: 'e2e/home.spec.ts',
    test: 'the header is sticky on /booking only',
  },
  {
    seed: '§2',
    behaviour: 'header hidden with ?hideTitle',
    file: 'e2e/home.spec.ts',
    test: '?hideTitle hides the header',
  },
  {
    seed: '§2',
    behaviour: 'header hidden for Global IME',
    file: 'e2e/home.spec.ts',
    test: 'the bank brand (Global IME) has no header and its own name',
  },
  {
    seed: '§2',
    behaviour: 'header hidden for hideNavbar; logo links to /',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 header: the hideNavbar setting hides it',
  },
  {
    seed: '§2',
    behaviour: 'app-SDK logo link /?data=…&skip=1 and contact block',
    file: 'e2e/seed-behaviours.spec.ts',
    test: 'the contact block calls, Viber, WhatsApp and e-mail',
  },
  {
    seed: '§2',
    behaviour: 'profile dropdown titled with the names, with its entries',
    file: 'e2e/accounts.spec.ts',
    test: 'a traveller signs up, is greeted by name, and logs out',
  },
  {
    seed: '§2',
    behaviour: 'profile dropdown "Loading..." and "User"',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2/§4/§8 profile dropdown',
  },
  {
    seed: '§2/§6',
    behaviour: 'no Set Commission for individual users',
    file: 'e2e/accounts.spec.ts',
    test: 'an individual traveller has no Set Commission entry',
  },
  {
    seed: '§2',
    behaviour: 'a click outside closes the dropdown',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 header: a click outside closes the profile dropdown',
  },
  {
    seed: '§2',
    behaviour: 'logged out: Log In and Sign Up links',
    file: 'e2e/home.spec.ts',
    test: "getByRole('link', { name: 'Sign Up' })",
  },
  {
    seed: '§2/§5',
    behaviour: 'commission modal: placeholder 5%, range message, no call, closing resets',
    file: 'e2e/accounts.spec.ts',
    test: 'an agent sets a commission within 0–20 % and it stays set',
  },
  {
    seed: '§2',
    behaviour: 'footer: logo to /?data=, +977 phone, e-mail',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 footer: the logo links to /?data= with the stored base64 data',
  },
  {
    seed: '§2/§9',
    behaviour: 'scroll-to-top past 400 px, checked once a second',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 footer: the scroll-to-top button appears past 400 px',
  },
  {
    seed: '§2',
    behaviour: 'global confirm modal: sanitised HTML, static, FlightConfirm default',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 global confirm modal: static, and on /Booking/FlightConfirm',
  },
  {
    seed: '§2',
    behaviour: 'global confirm modal: BookingConfirm default, Cancel/confirm/Close rules',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 global confirm modal: on /Booking/BookingConfirm',
  },
  {
    seed: '§2/§9',
    behaviour: 'toasts 350 px wide',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 notifications: toasts are at most 350 px wide',
  },
  {
    seed: '§2/§9',
    behaviour: 'at most 20 toasts',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§2 notifications: at most 20 toasts at once',
  },
  {
    seed: '§2/§9',
    behaviour: 'toast kinds, limit, removal 1 s after dismissal, width (settings)',
    file: 'shared/src/constants.test.ts',
    test: 'sets the toasts of spec §2',
  },
  {
    seed: '§3',
    behaviour: 'the five areas persisted under the brand key, restored, no secrets',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§3 client state: persisted under the brand key',
  },
  {
    seed: '§3',
    behaviour: 'store defaults of the five areas',
    file: 'web/src/stores/app-store.test.ts',
    test: 'starts from the seed defaults',
  },
  {
    seed: '§3',
    behaviour: 'persisted without functions or UI flags',
    file: 'web/src/stores/app-store.test.ts',
    test: 'persists to localStorage under the brand key and restores from it',
  },
  {
    seed: '§3/§9',
    behaviour: 'is-mobile at 768 px',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§3 is-mobile flag follows the 768 px breakpoint',
  },
  {
    seed: '§4',
    behaviour: 'profile load through the client customer token',
    file: 'e2e/accounts.spec.ts',
    test: "a bank app's customer enters through /?data=…&skip=1",
  },
  {
    seed: '§4',
    behaviour: 'logout clears stored user and contact data, toasts, goes to /',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§4 logout clears the stored user and contact data',
  },
  {
    seed: '§4',
    behaviour: 'airports and countries loaded or emptied on error',
    file: 'web/src/stores/app-store.test.ts',
    test: 'replaces airports and countries when loaded and empties them on a load error',
  },
  {
    seed: '§4',
    behaviour: 'params set in full, by key, wholesale, cleared',
    file: 'web/src/stores/app-store.test.ts',
    test: 'sets params in full, by key, wholesale, and clears them',
  },
  {
    seed: '§4',
    behaviour: 'depart/return flights set and cleared; availability summary',
    file: 'web/src/stores/app-store.test.ts',
    test: 'selects and clears depart and return flights',
  },
  {
    seed: '§4',
    behaviour: 'passengers, manual booking, payment and ticket summaries, clearing',
    file: 'web/src/stores/app-store.test.ts',
    test: 'handles passengers, manual bookings, payment and ticket summaries',
  },
  {
    seed: '§4',
    behaviour: 'user details, commission as a number, clearing',
    file: 'web/src/stores/app-store.test.ts',
    test: 'stores user details, sets the commission as a number on them',
  },
  {
    seed: '§4',
    behaviour: 'modal set with data and reset',
    file: 'web/src/stores/app-store.test.ts',
    test: 'sets the modal with data and resets it to defaults',
  },
  {
    seed: '§5',
    behaviour: 'commission 0–20, empty in error, default 0',
    file: 'web/src/features/account/commission-rules.test.ts',
    test: 'marks an empty field as an error and rejects values outside 0–20',
  },
  {
    seed: '§5',
    behaviour: "commission field starts at the user's value or '0'",
    file: 'web/src/features/account/commission-rules.test.ts',
    test: "starts the field from the user's commission, or '0'",
  },
  {
    seed: '§7',
    behaviour: 'POST update-user-profile with commission_percent and user-token',
    file: 'server/src/routes/update-user-profile/route.test.ts',
    test: 'commission_percent',
  },
  {
    seed: '§7',
    behaviour: 'POST clients/profile with clientCustomerToken',
    file: 'server/src/routes/clients/route.test.ts',
    test: 'clientCustomerDetails',
  },
  {
    seed: '§8',
    behaviour: 'update-profile failure: data.error, generic message, modal fallback',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '§8 commission update failure shows data.error',
  },
  {
    seed: '§8',
    behaviour: 'update-profile success message',
    file: 'e2e/accounts.spec.ts',
    test: 'Commission set successful.',
  },
  {
    seed: '§8',
    behaviour: 'customer-profile fetch failure is logged and ignored',
    file: 'e2e/seed-behaviours.spec.ts',
    test: '"User" when it failed (and nothing breaks)',
  },
  {
    seed: '§8',
    behaviour: "logout toasts 'Logged out successfully'",
    file: 'e2e/accounts.spec.ts',
    test: 'Logged out successfully',
  },
  {
    seed: '§9',
    behaviour: 'the business constants',
    file: 'shared/src/constants.test.ts',
    test: 'holds the business constants of spec §9',
  },
  {
    seed: '§9',
    behaviour: 'defaults: 1 adult, 0 children, 0 infants, oneway, two empty segments',
    file: 'web/src/stores/app-store.test.ts',
    test: 'starts from the seed defaults',
  },
  {
    seed: '§9',
    behaviour: 'the included airport codes come first',
    file: 'server/src/routes/airports/route.test.ts',
    test: 'KUL',
  },
];

test('every seed behaviour (§1–§9) is ticked off by a test that exists', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const missing = SEED_CHECKLIST.filter(({ file, test: title }) => {
    const source = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : '';
    return !source.includes(title);
  }).map(({ seed, behaviour, file }) => `${seed} ${behaviour} (${file})`);
  expect(missing).toEqual([]);
  for (const section of ['§1', '§2', '§3', '§4', '§5', '§6', '§7', '§8', '§9'])
    expect(
      SEED_CHECKLIST.some((row) => row.seed.includes(section)),
      section,
    ).toBe(true);
});

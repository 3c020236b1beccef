import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('home page of the agency brand', () => {
  test('shows the brand in the title, the header logo and the +977 footer phone', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Sajilo Travels/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /affordable flights in Nepal/,
    );

    const logo = page.getByRole('banner').getByRole('img', { name: 'Sajilo Travels' });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', '/brand-assets/sajilo/header-logo.svg');
    expect(
      await logo.evaluate(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    ).toBe(true);

    await expect(page.getByTestId('footer-phone')).toHaveText('+977 9801234567');
    await expect(page.getByRole('contentinfo')).toContainText('support@sajilo.example');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    // Under 640 px Sign Up folds into the header's menu (docs/web.md#every-phone-width).
    if ((page.viewportSize()?.width ?? 1280) < 640) {
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('finds Pokhara first when the traveller types "pok"', async ({ page }) => {
    await page.goto('/');
    const from = page.getByRole('combobox', { name: 'From' });
    await from.fill('pok');
    const first = page.getByRole('listbox', { name: 'From' }).getByRole('option').first();
    await expect(first).toContainText('Pokhara');
    await expect(first).toContainText('PKR');
    await from.press('Enter');
    await expect(from).toHaveValue('Pokhara (PKR)');
  });

  test('has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

test.describe('seed routes and header rules', () => {
  for (const [path, heading] of [
    ['/auth/login', 'Log In'],
    ['/auth/signup', 'Sign Up'],
    ['/user/bookings', 'My Bookings'],
    ['/user/tickets', 'My Tickets'],
    ['/booking', 'Booking'],
    ['/flight-search', 'Flight search'],
    ['/Booking/FlightConfirm', 'Flight confirmation'],
    ['/Booking/BookingConfirm', 'Booking confirmation'],
  ] as const) {
    test(`${path} shows ${heading}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('the header is sticky on /booking only', async ({ page }) => {
    await page.goto('/booking');
    await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
    await page.goto('/flight-search');
    await expect(page.getByRole('banner')).not.toHaveCSS('position', 'sticky');
  });

  test('?hideTitle hides the header', async ({ page }) => {
    await page.goto('/flight-search?hideTitle=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Flight search' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('the bank brand (Global IME) has no header and its own name', async ({ page }) => {
    await page.goto(`http://globalime.localhost:${process.env.E2E_PORT ?? 3100}/`);
    await expect(page).toHaveTitle(/Global IME/);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('img', { name: 'Global IME' })).toBeVisible();
  });

  test('a ribbon says payments are tests (the e2e server runs the sandboxes) on every page', async ({
    page,
  }) => {
    const ribbon = page.getByRole('status').filter({ hasText: 'Test payments — no real money moves' });
    for (const path of ['/', '/booking', '/flight-search?hideTitle=1']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(ribbon).toHaveCount(1);
      await expect(ribbon).toBeVisible();
    }
    await page.goto(`http://globalime.localhost:${process.env.E2E_PORT ?? 3100}/`);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(ribbon).toBeVisible();
    await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'परीक्षण भुक्तानी' })).toBeVisible();
  });

  test('an unknown page says so and offers a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('language', () => {
  test('switches to Nepali and back, and remembers the choice', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('नेपालमा सबैभन्दा सस्तो उडान खोज्नुहोस्');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('नेपालमा सबैभन्दा सस्तो उडान खोज्नुहोस्');
    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Search the most affordable flights in Nepal',
    );
  });
});

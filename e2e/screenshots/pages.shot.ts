import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { bankAppData, logIn } from '../helpers';

const PORT = process.env.E2E_PORT ?? 3100;
const folder = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/** One picture of what the viewport shows, named by page and width (`home-390.png`). */
async function shoot(page: Page, name: string): Promise<void> {
  // Fonts and images settled, no toast or caret half-drawn.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(folder, `${name}-${width}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
}

test('home, results, booking and ticket of the travel agency', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Search/ }).first()).toBeVisible();
  await shoot(page, 'home');

  await logIn(page, 'agent@sajilo.example');
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(6)}&adults=1&nat=NP`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await shoot(page, 'results');

  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  await passenger.getByLabel('Title').selectOption('Ms');
  await passenger.getByLabel('Gender').selectOption('female');
  await passenger.getByLabel(/^First name/).fill('Sita');
  await passenger.getByLabel(/^Last name/).fill('Gurung');
  await shoot(page, 'booking');

  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Held, awaiting payment');
  await page.getByRole('radio', { name: 'Agent wallet' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  await shoot(page, 'ticket');
});

test.describe('the bank app on a phone set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('home of Global IME in its dark theme', async ({ page, request }) => {
    const { data } = await bankAppData(request, PORT);
    await page.goto(`http://globalime.localhost:${PORT}/?data=${encodeURIComponent(data)}&skip=1`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, 'bank-dark');
  });
});

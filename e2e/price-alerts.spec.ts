import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

test('a traveller watches a route from the results, sees the alert in the account, and deletes it', async ({
  page,
  isMobile,
}) => {
  // One user per project, so that parallel projects do not see each other's alerts.
  await logIn(page, isMobile ? 'individual@sajilo.example' : 'customer@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(10)}&adults=1&nat=NP`);
  // A first search on a busy machine can take longer than the default wait.
  await expect(page.getByRole('heading', { name: /KTM.*PKR/ }).first()).toBeVisible({ timeout: 30_000 });
  // The demo users have a mobile: the SMS is offered beside the e-mail.
  await page.getByRole('checkbox', { name: /Also send me an SMS at/ }).check();
  await page.getByRole('button', { name: 'Tell me when it is cheaper' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert set' })).toBeVisible();
  await page.getByRole('link', { name: 'Price alerts' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Price alerts' })).toBeVisible();
  const alerts = page.getByRole('list', { name: 'Price alerts' }).getByRole('listitem');
  await expect(alerts.filter({ hasText: 'KTM → PKR' })).toHaveCount(1);
  await expect(alerts.first()).toContainText(/you saw NPR [\d,]+/);
  await expect(alerts.first()).toContainText('by e-mail and SMS');
  await page.getByRole('button', { name: 'Delete the alert for KTM → PKR' }).click();
  await expect(alerts).toHaveCount(0);
  await expect(page.getByText('You watch no routes.')).toBeVisible();
});

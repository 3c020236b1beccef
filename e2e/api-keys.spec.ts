import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

test('an agent creates an API key (shown once), uses it, and revokes it', async ({ page, isMobile }) => {
  await logIn(page, 'agent@sajilo.example');
  const account = page.getByRole('button', { name: /Sita Tamang|Bikash Gurung/ });
  await expect(account).toBeVisible();
  await account.click();
  await page.getByRole('menuitem', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  const name = `Back office ${isMobile ? 'mobile' : 'desktop'} ${Date.now()}`;
  const form = page.getByRole('form', { name: 'Create key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Enter a name for the key.')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Pay for bookings').uncheck();
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^tka_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  const row = page
    .getByRole('list', { name: 'Your API keys' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('search, book, read');
  await expect(row).toContainText('never used');
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  // The key works as the agent: a search shows the agent's commission.
  const headers = { authorization: `Bearer ${key}` };
  const search = await page.request.post('/api/b2b/v2/flights/search', {
    headers,
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: inDays(5),
      nationality_code: 'NP',
      adults: 1,
      children: 0,
      infants: 0,
    },
  });
  expect(search.status()).toBe(200);
  expect((await search.json()).data.legs[0].offers[0].price.commission.amount).toBeGreaterThan(0);

  // Once dismissed, the key is never shown again.
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);

  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const after = await page.request.get('/api/b2b/v2/me', { headers });
  expect(after.status()).toBe(401);
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousViolation } from './helpers';

const PASSWORD = 'rhododendrons above ghorepani';
const OTHER_BROWSER = 'Mozilla/5.0 (Linux; Android 14) TikatOtherPhone/1.0 Mobile';

test('a traveller signed in on two devices sees both sessions and signs the other one out', async ({
  page,
  browser,
  baseURL,
}) => {
  const unique = Date.now().toString().slice(-7);
  const email = `sunita${unique}@example.com`;
  await page.goto('/auth/signup');
  await page.getByLabel('First name').fill('Sunita');
  await page.getByLabel('Last name').fill('Rai');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill(`+977 984${unique}`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: 'Sunita Rai' })).toBeVisible();

  // The second device: another browser context (its own cookies), with its own browser name.
  const other = await browser.newContext({ baseURL, userAgent: OTHER_BROWSER });
  const phone = await other.newPage();
  await phone.goto('/auth/login');
  await phone.getByLabel('E-mail or mobile number').fill(email);
  await phone.getByLabel('Password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Log In' }).click();
  await expect(phone.getByRole('button', { name: 'Sunita Rai' })).toBeVisible();

  await page.getByRole('button', { name: 'Sunita Rai' }).click();
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  const thisDevice = sessions.filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const otherSession = sessions.filter({ hasText: 'TikatOtherPhone' });
  await expect(otherSession).toHaveCount(1);
  await expect(otherSession).not.toContainText('This device');
  await expectNoSeriousViolation(page, 'sessions page');

  // A confirmation first: dismissing it ends nothing.
  page.once('dialog', (dialog) => dialog.dismiss());
  await otherSession.getByRole('button', { name: 'Sign out' }).click();
  await expect(sessions).toHaveCount(2);
  expect((await phone.request.get('/api/b2b/v2/me')).status()).toBe(200);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('TikatOtherPhone');
    return dialog.accept();
  });
  await otherSession.getByRole('button', { name: 'Sign out' }).click();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This device');
  await expect(page.getByText('No other sessions.')).toBeVisible();

  // The other device is signed out; this one is not.
  await phone.reload();
  await expect(phone.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect((await phone.request.get('/api/b2b/v2/me')).status()).toBe(401);
  expect((await page.request.get('/api/b2b/v2/me')).status()).toBe(200);
  await other.close();
});

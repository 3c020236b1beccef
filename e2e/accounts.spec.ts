import { expect, type Page, test } from '@playwright/test';
import { bankAppData } from './helpers';

const DEMO_PASSWORD = 'Himalaya-Demo-2081';
const PORT = process.env.E2E_PORT ?? 3100;

async function logIn(page: Page, login: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill(login);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a traveller signs up, is greeted by name, and logs out', async ({ page }) => {
  const unique = Date.now().toString().slice(-7);
  await page.goto('/auth/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Enter a name.').first()).toBeVisible();

  await page.getByLabel('First name').fill('Sita');
  await page.getByLabel('Last name').fill('Gurung');
  await page.getByLabel('E-mail').fill(`sita${unique}@example.com`);
  await page.getByLabel('Mobile number').fill(`+977 984${unique}`);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.locator('#main')).toContainText(/common/i);

  await page.getByLabel('Password').fill('a walk around Phewa lake');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const profile = page.getByRole('button', { name: 'Sita Gurung' });
  await expect(profile).toBeVisible();

  await profile.click();
  await expect(page.getByRole('menuitem', { name: 'Set Commission' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  const me = await page.request.get('/api/b2b/v2/me');
  expect(me.status()).toBe(401);
});

test('a traveller changes their password from the profile menu, and the old one stops working', async ({
  page,
}) => {
  const unique = Date.now().toString().slice(-7);
  const email = `gita${unique}@example.com`;
  await page.goto('/auth/signup');
  await page.getByLabel('First name').fill('Gita');
  await page.getByLabel('Last name').fill('Thapa');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill(`+977 985${unique}`);
  await page.getByLabel('Password').fill('terraces of rice at bandipur');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Gita Thapa' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();

  await page.getByLabel('Current password').fill('not my password at all');
  await page.getByLabel('New password').fill('prayer flags over the pass');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('This is not your current password.')).toBeVisible();

  await page.getByLabel('Current password').fill('terraces of rice at bandipur');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Your other devices have been signed out.')).toBeVisible();
  expect((await page.request.get('/api/b2b/v2/me')).status()).toBe(200);

  const old = await page.request.post('/api/b2b/v2/auth/login', {
    data: { login: email, password: 'terraces of rice at bandipur', session: 'bearer' },
  });
  expect(old.status()).toBe(401);
});

test('a wrong password gets one plain message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill('agent@sajilo.example');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('an agent sets a commission within 0–20 % and it stays set', async ({ page }) => {
  await logIn(page, 'agent@sajilo.example');
  // Both browser projects share this demo agent: start from whatever is set now.
  const before = (await (await page.request.get('/api/b2b/v2/me')).json()).data.commission_percent as number;
  const wanted = before === 7.5 ? 6 : 7.5;
  const openModal = async () => {
    await page.getByRole('button', { name: 'Bikash Gurung' }).click();
    await page.getByRole('menuitem', { name: 'Set Commission' }).click();
    return page.getByRole('dialog', { name: 'Set Commission' });
  };
  let dialog = await openModal();
  const field = dialog.getByLabel('Commission %');
  await expect(field).toHaveAttribute('placeholder', '5%');
  await field.fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Commission % must range from 0 to 20%.');
  await field.fill('');
  await expect(dialog.getByRole('alert')).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  dialog = await openModal();
  await expect(dialog.getByLabel('Commission %')).toHaveValue(String(before));
  await dialog.getByLabel('Commission %').fill(String(wanted));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Commission set successful.')).toBeVisible();
  const me = await (await page.request.get('/api/b2b/v2/me')).json();
  expect(me.data.commission_percent).toBe(wanted);
});

test('an individual traveller has no Set Commission entry', async ({ page }) => {
  await logIn(page, 'individual@sajilo.example');
  await page.getByRole('button', { name: 'Ram Karki' }).click();
  await expect(page.getByRole('menuitem', { name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Set Commission' })).toHaveCount(0);
});

test("a bank app's customer enters through /?data=…&skip=1, signed in, with no header", async ({
  page,
  request,
}) => {
  const bank = `http://globalime.localhost:${PORT}`;
  const { data } = await bankAppData(request, PORT);

  await page.goto(`${bank}/?data=${encodeURIComponent(data)}&skip=1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  const signedInAs = () =>
    page.evaluate(
      "fetch('/api/b2b/v2/me').then((r) => r.json()).then((body) => body.data && body.data.firstName)",
    );
  await expect.poll(signedInAs).toBe('Hari');
  // The session is an HttpOnly cookie: page scripts (and anything injected into them) cannot read it.
  expect(await page.evaluate('document.cookie')).not.toContain('session');
});

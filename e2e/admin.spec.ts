import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** A 2×1 PNG logo (red, blue). */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAGBwEAGyhFNgAAAABJRU5ErkJggg==',
  'base64',
);

async function logInAsAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin log in' })).toBeVisible();
  await page.getByLabel('E-mail or mobile number').fill('admin@sajilo.example');
  await page.getByLabel('Password').fill('Himalaya-Demo-2081');
  await page.getByRole('button', { name: 'Log in' }).click();
  // The console opens on the dashboard; these tests start from the brand settings.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Brand settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brand settings' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('an admin rebrands the agency and the public site shows it after reload', async ({ page }) => {
  await logInAsAdmin(page);
  const preview = page.getByTestId('brand-preview');
  // A new name each run, so a retry on the same server still proves the change.
  const newName = `Sajilo Yatra ${Date.now() % 100_000}`;

  await page.getByLabel('Display name', { exact: true }).fill(newName);
  await expect(preview.getByRole('img', { name: newName }).first()).toBeVisible();

  await page.getByLabel('Upload a file for Header logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: LOGO_PNG,
  });
  await expect(page.getByLabel('Header logo', { exact: true })).toHaveValue(/^\/uploads\/.+\.png$/);
  const uploaded = await page.getByLabel('Header logo', { exact: true }).inputValue();
  await expect(preview.getByRole('img', { name: newName }).first()).toHaveAttribute('src', uploaded);

  await page.getByLabel('Top banner title').fill('Tihar offers on every flight');
  await expect(preview).toContainText('Tihar offers on every flight');

  // Nothing is public before saving.
  const before = await page.request.get('/api/b2b/v2/site-config');
  expect((await before.json()).data.displayName).not.toBe(newName);

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  await page.goto('/');
  await page.reload();
  await expect(page).toHaveTitle(new RegExp(newName));
  const logo = page.getByRole('banner').getByRole('img', { name: newName });
  await expect(logo).toHaveAttribute('src', uploaded);
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.goto('/booking');
  await expect(page.getByRole('figure').filter({ hasText: 'Tihar offers on every flight' })).toBeVisible();

  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: 'brand.update' }).first()).toBeVisible();
});

test('refuses an invalid colour, naming the field, and keeps the public site as it was', async ({ page }) => {
  await logInAsAdmin(page);
  await page.getByLabel('Main colour', { exact: true }).fill('green');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Main colour', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use a colour such as #1f6feb.')).toBeVisible();
});

test('finds an agent, sends a password reset and sees the e-mail in the outbox with its link masked', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.getByRole('link', { name: 'Agents and users' }).click();
  await page.getByLabel('Search by name, e-mail or mobile').fill('bikash');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: /Bikash Gurung/ });
  // Other browser tests spend this demo agent's wallet: any balance in rupees will do.
  await expect(row).toContainText(/NPR [\d,]+/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /Send password reset/ }).click();
  await expect(page.getByText('Password reset link e-mailed.')).toBeVisible();

  await page.getByRole('link', { name: 'Outbox' }).click();
  await page
    .getByRole('button', { name: /Reset your .* password.*agent@sajilo\.example/s })
    .first()
    .click();
  // The admin sees that a link went out, never the link itself (it would let them take the account).
  await expect(page.getByRole('article')).toContainText('/auth/reset-password?token=********');
  await expect(page.getByRole('article')).not.toContainText(/token=[\w-]{16,}/);
});

test('the SMS log shows a booking’s SMS with its status, the mobile masked', async ({ page, request }) => {
  // An agent books with SMS updates for a client: the held SMS waits in the log (no provider here).
  const login = await request.post('/api/b2b/v2/auth/login', {
    data: { login: 'agent@sajilo.example', password: 'Himalaya-Demo-2081', session: 'bearer' },
  });
  const auth = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const date = new Date(Date.now() + (5.75 * 60 + 12 * 1440) * 60_000).toISOString().slice(0, 10);
  const search = await request.post('/api/b2b/v2/flights/search', {
    headers: auth,
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: date,
      nationality_code: 'NP',
      adults: 1,
      children: 0,
      infants: 0,
    },
  });
  const offer = (await search.json()).data.legs[0].offers[0];
  const held = await request.post('/api/b2b/v2/bookings', {
    headers: { ...auth, 'idempotency-key': `e2e-sms-log-${Date.now()}-${Math.random()}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [
        {
          type: 'adult',
          title: 'Ms',
          first_name: 'Pema',
          last_name: 'Tamang',
          gender: 'female',
          nationality: 'NP',
        },
      ],
      contact: { name: 'Pema Tamang', email: 'pema@example.com', mobile: '+9779812345678' },
      sms_updates: true,
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const pnr = (await held.json()).data.pnr as string;

  await logInAsAdmin(page);
  await page.getByRole('link', { name: 'SMS log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SMS log' })).toBeVisible();
  const entry = page.getByTestId('sms-entry').filter({ hasText: pnr });
  await expect(entry).toContainText('Booking held');
  await expect(entry).toContainText('To +97798*****678');
  await expect(entry.getByTestId('sms-status')).toHaveText('waiting');
  await expect(page.getByRole('main')).not.toContainText('9812345678');
});

test('the console pages have no serious or critical accessibility violation', async ({ page }) => {
  await logInAsAdmin(page);
  for (const path of [
    '/admin/dashboard',
    '/admin/refunds',
    '/admin/webhooks',
    '/admin/settings',
    '/admin/users',
    '/admin/partners',
    '/admin/outbox',
    '/admin/sms',
    '/admin/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
  }
});

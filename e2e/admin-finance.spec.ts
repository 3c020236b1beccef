import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../server/src/test/pdf-text';
import { logIn, logInAsBrandAdmin } from './helpers';

/** A Kathmandu date `days` from today. */
const kathmanduDate = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

const API = '/api/b2b/v2';
let invoiceNumber = '';

test.describe.configure({ mode: 'serial' });

test('an agent pays a two-adult booking from the wallet and downloads its tax invoice', async ({
  page,
  browser,
}) => {
  // Enough in the agent's wallet whatever earlier specs spent: the admin tops it up.
  const admin = await (await browser.newContext()).newPage();
  await logInAsBrandAdmin(admin);
  const users = await admin.request.get(`${API}/admin/users?q=agent%40sajilo.example`);
  const agentId = (await users.json()).data.items[0].id as string;
  const topUp = await admin.request.post(`${API}/admin/users/${agentId}/wallet/top-ups`, {
    data: { amount: 5_000_000, reference: `E2E-FIN-${Date.now()}` },
  });
  expect(topUp.status()).toBe(200);
  await admin.context().close();

  await logIn(page, 'agent@sajilo.example');
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  // The agent's own tax details: their invoices name the agency and its PAN.
  await page.goto('/account/tax-details');
  await page.getByLabel('Name on invoices (company)').fill('Gurung Treks and Travels');
  await page.getByLabel('PAN (9 digits)').fill('12345');
  await page.getByRole('button', { name: 'Save tax details' }).click();
  await expect(page.getByText('A PAN is 9 digits.')).toBeVisible();
  await page.getByLabel('PAN (9 digits)').fill('301234567');
  await page.getByRole('button', { name: 'Save tax details' }).click();
  await expect(page.getByText('Tax details saved.')).toBeVisible();
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${kathmanduDate(10)}&adults=2&nat=NP`);
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  for (const [index, first] of ['Ramesh', 'Sita'].entries()) {
    const group = page.getByRole('group', { name: new RegExp(`^Passenger ${index + 1}:`) });
    await group.getByLabel('Title').selectOption(index === 0 ? 'Mr' : 'Mrs');
    await group.getByLabel('Gender').selectOption(index === 0 ? 'male' : 'female');
    await group.getByLabel(/^First name/).fill(first);
    await group.getByLabel(/^Last name/).fill('Shrestha');
  }
  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Held, awaiting payment');
  const pnr = ((await page.getByTestId('pnr').textContent()) ?? '').trim();
  await page.getByRole('radio', { name: 'Agent wallet' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Tax invoice (PDF)' }).click();
  const file = await (await download).path();
  const pdf = await readFile(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Tax Invoice');
  expect(text).toContain('PAN: 609876543');
  expect(text).toContain('VAT 13 %');
  expect(text).toContain(`PNR: ${pnr}`);
  expect(text).toContain('Buyer: Gurung Treks and Travels');
  expect(text).toContain('Buyer PAN: 301234567');
  const number = text.match(/Invoice no\.: (\d{4}\/\d{2}-\d{6})/)?.[1];
  expect(number, text).toBeTruthy();
  expect(text).toMatch(/In words: Rupees .+ Only/);
  invoiceNumber = number ?? '';
});

test('an admin downloads the month’s VAT sales register from the console', async ({ page }) => {
  await logInAsBrandAdmin(page);
  await page.getByRole('link', { name: 'VAT sales register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'VAT sales register' })).toBeVisible();
  if (invoiceNumber) await expect(page.getByRole('row', { name: new RegExp(invoiceNumber) })).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv).toMatch(
    /^Date \(BS\),Date \(AD\),Invoice no\.,Buyer's name,Buyer's PAN,Total sales,Non-taxable sales,Export sales,Taxable amount,VAT,Note\r\n/,
  );
  if (invoiceNumber) expect(csv).toContain(invoiceNumber);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^sales-register-\d{4}-\d{2}-NPR\.xlsx$/);
  const bytes = await readFile(await xlsx.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

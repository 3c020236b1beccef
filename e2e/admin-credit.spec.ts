import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { confirmMoneyMove, logIn, openBikashWallet } from './helpers';

/**
 * Credit and statements (docs/finance-statements.md) in the console: an admin gives an agent credit, the
 * agent sees it on their wallet page and downloads a statement, the admin records a settlement and downloads
 * the agent's XLSX. On the second demo agency (Global IME), so the Sajilo wallet the other console specs
 * count is left alone.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://globalime.localhost:${PORT}` });

test('an admin sets a credit limit, the agent sees it and downloads a statement, the admin records a settlement', async ({
  page,
  browser,
}) => {
  // The bank brand shows no header: the log-in is done once the page has left the form.
  await logIn(page, 'admin@globalime.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin');
  const wallet = await openBikashWallet(page);
  const credit = wallet.getByTestId('wallet-credit');
  await expect(credit).toContainText('Credit limit');

  const limitField = wallet.getByLabel('New credit limit (NPR)');
  await limitField.fill('-5');
  await wallet.getByRole('button', { name: 'Set credit limit' }).click();
  await expect(limitField).toHaveAttribute('aria-invalid', 'true');
  await limitField.fill('75000');
  await wallet.getByRole('button', { name: 'Set credit limit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm: Set credit limit' });
  await expect(dialog).toContainText('Account: Bikash Gurung');
  await expect(dialog).toContainText('New credit limit: NPR 75,000');
  await dialog.getByRole('button', { name: 'Set credit limit' }).click();
  await expect(page.getByText(/Credit limit set to NPR/)).toBeVisible();
  await expect(credit.getByText('Credit limit').locator('..')).toContainText('NPR 75,000');

  // The agent sees the credit on their own wallet page and downloads their statement as CSV.
  const agent = await (await browser.newContext({ baseURL: `http://globalime.localhost:${PORT}` })).newPage();
  await logIn(agent, 'agent@globalime.example');
  await expect(agent).not.toHaveURL(/\/auth\/login/);
  await agent.goto('/account/wallet');
  const mine = agent.getByTestId('agent-wallet');
  await expect(mine.getByText('Credit limit').locator('..')).toContainText('NPR 75,000');
  const [csv] = await Promise.all([
    agent.waitForEvent('download'),
    agent.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^wallet-statement-.*\.csv$/);
  const csvText = await readFile((await csv.path()) ?? '', 'utf8');
  expect(csvText.split('\r\n')[0]).toContain('date_bs');
  expect(csvText).toContain('opening balance');
  expect(csvText).toContain('closing balance');

  // The admin records a settlement: it is in the ledger and in the agent's XLSX statement.
  const reference = `CHQ-${Date.now()}`;
  await wallet.getByLabel('Amount paid (NPR)').fill('1250.50');
  await wallet.getByLabel('Payment reference').fill(reference);
  await wallet.getByRole('button', { name: 'Record settlement' }).click();
  await confirmMoneyMove(page, 'Record settlement', { account: 'Bikash Gurung', amount: 'NPR 1,250.50' });
  await expect(page.getByText(/Settlement recorded\. New balance/)).toBeVisible();
  const row = wallet.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Settlement');
  await expect(row).toContainText('NPR 1,250.50');

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    wallet.getByRole('link', { name: 'Download statement (XLSX)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path()) ?? '');
  const rows: unknown[][] = [];
  workbook.getWorksheet('Statement')?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const settlement = rows.find((r) => r.includes(reference));
  expect(settlement).toBeDefined();
  expect(settlement).toContain('settlement');
  expect(settlement).toContain(125050);
});

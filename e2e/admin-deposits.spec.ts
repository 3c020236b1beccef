import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousViolation, inDays, logIn, logInAsBrandAdmin, shownDate } from './helpers';

/**
 * The agent's wallet page and deposit requests (docs/finance-statements.md#deposit-requests): the
 * ledger with BS dates beside AD ones and dates in the day/month/year order; the agent asks for a
 * top-up with the bank's slip, finance approves it in the console after a confirmation, and the
 * agent's balance and ledger show the credit.
 */
const SLIP_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAGBwEAGyhFNgAAAABJRU5ErkJggg==',
  'base64',
);

/** "NPR 51,234.50" → 5123450 (paisa); a leading minus sign counts. */
const paisa = (text: string) => {
  const match = text.match(/(-?)\s*NPR\s*(-?)([\d,]+)(?:\.(\d{1,2}))?/);
  if (!match) throw new Error(`no NPR amount in ${text}`);
  const sign = match[1] || match[2] ? -1 : 1;
  return sign * (Number(match[3]?.replace(/,/g, '')) * 100 + Number((match[4] ?? '0').padEnd(2, '0')));
};

const balanceOf = async (page: Page) =>
  paisa((await page.getByTestId('agent-wallet').getByText('Balance').locator('..').textContent()) ?? '');

const ledgerRows = (page: Page): Locator => page.getByTestId('wallet-ledger').locator('tbody tr');

test('the agent asks for a top-up, finance approves it in the console, the wallet and ledger show it', async ({
  page,
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const agent = { context, page: await context.newPage() };
  await logIn(agent.page, 'agent@sajilo.example');
  await expect(agent.page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  await agent.page.goto('/account/wallet');
  await expect(agent.page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();

  // The ledger: date (AD with its BS date), kind, PNR, amount, balance after.
  const ledger = agent.page.getByTestId('wallet-ledger');
  for (const column of ['Date', 'Kind', 'PNR', 'Amount', 'Balance'])
    await expect(ledger.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  // Statement dates are typed and shown day/month/year, never the browser's month-first order.
  await expect(agent.page.getByLabel('From', { exact: true })).toHaveValue(shownDate(inDays(-30)));
  await expect(agent.page.getByLabel('To', { exact: true })).toHaveValue(shownDate(inDays(0)));
  await expect.poll(() => balanceOf(agent.page)).not.toBeNaN();
  const before = await balanceOf(agent.page);

  // Asking: a wrong amount and a future day are named on their fields.
  const form = agent.page.getByRole('form', { name: 'Request a top-up' });
  const reference = `NABIL-${Date.now()}`;
  await form.getByLabel('Amount (NPR)').fill('abc');
  await form.getByLabel('Deposited on').fill(shownDate(inDays(2)));
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByLabel('Amount (NPR)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('The deposit date cannot be in the future.')).toBeVisible();
  await form.getByLabel('Amount (NPR)').fill('15000.50');
  await form.getByLabel('Bank deposit reference').fill(reference);
  await form.getByLabel('Deposited on').fill(shownDate(inDays(0)));
  await form.getByLabel('Deposit slip (image or PDF, optional)').setInputFiles({
    name: 'slip.png',
    mimeType: 'image/png',
    buffer: SLIP_PNG,
  });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(agent.page.getByText('Request sent. We will tell you once it is checked.')).toBeVisible();
  const mine = agent.page
    .getByTestId('deposit-requests')
    .getByRole('listitem')
    .filter({ hasText: reference });
  await expect(mine).toContainText('NPR 15,000.50');
  await expect(mine).toContainText('Waiting for approval');

  // Finance (the owner here) approves it in the console, after a confirmation.
  await logInAsBrandAdmin(page);
  await page.getByRole('link', { name: 'Deposit requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit requests' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Bikash Gurung');
  await expect(row).toContainText('NPR 15,000.50');
  const slip = await page.request.get(
    (await row.getByRole('link', { name: 'Open slip' }).getAttribute('href')) ?? '',
  );
  expect(slip.headers()['content-type']).toBe('image/png');
  await expectNoSeriousViolation(page, 'deposit requests');
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('group', { name: 'Approve' });
  await expect(confirm).toContainText(
    `Credit NPR 15,000.50 to Bikash Gurung’s wallet for deposit ${reference}?`,
  );
  await confirm.getByLabel('Note to the agent (optional)').fill('Seen on the Nabil statement');
  await confirm.getByRole('button', { name: 'Yes, Approve' }).click();
  await expect(page.getByText(/^Approved: Bikash Gurung’s wallet now holds NPR/)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toHaveCount(0);

  // The agent's balance, request and ledger show the credit.
  await agent.page.reload();
  await expect.poll(() => balanceOf(agent.page)).toBe(before + 1_500_050);
  await expect(mine).toContainText('Credited');
  await expect(mine).toContainText('Seen on the Nabil statement');
  const top = ledgerRows(agent.page).first();
  await expect(top).toContainText('Top-up');
  await expect(top).toContainText(reference);
  await expect(top).toContainText('NPR 15,000.50');
  // The balance after it is the wallet's balance; its date carries the BS date beside the AD one.
  expect(paisa((await top.getByRole('cell').nth(4).textContent()) ?? '')).toBe(before + 1_500_050);
  const year = Number(inDays(0).slice(0, 4));
  await expect(top.getByRole('cell').first()).toContainText(String(year));
  // Bikram Sambat runs 56 years and 8 months or so ahead of AD.
  await expect(top.getByRole('cell').first()).toContainText(new RegExp(`${year + 56}|${year + 57}`));
  await expectNoSeriousViolation(agent.page, 'wallet page');
  await agent.context.close();
});

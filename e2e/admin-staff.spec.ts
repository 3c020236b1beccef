import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { startTestSmtpServer, type TestSmtpServer } from '../server/src/test/smtp-server';
import { confirmMoneyMove, logIn, openBikashWallet } from './helpers';

/**
 * Staff roles (docs/admin.md#staff-roles) in the console: the owner invites a staff member by e-mail with a
 * role; the invitee opens the e-mailed link, chooses a name and password, logs in to the console and sees
 * only the sections of their role. The link is read from the e-mail as sent over SMTP (the server's
 * SMTP_URL points at this spec's test server, e2e/playwright.config.ts): the outbox masks it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 20_000);

// One SMTP listener on its port: the file's tests share it, one after the other.
test.describe.configure({ mode: 'serial' });

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer({ port: SMTP_PORT });
});
test.afterAll(async () => smtp?.close());

async function invitationLink(to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    for (const mail of smtp.received.filter((m) => m.to.includes(to))) {
      const text = (await simpleParser(mail.data)).text ?? '';
      link = /https?:\/\/\S+\/auth\/accept-invitation\?token=[\w-]+/.exec(text)?.[0] ?? '';
    }
    expect(link).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return link;
}

test('the owner invites a support member, who accepts and sees only the sections of their role', async ({
  page,
  browser,
}) => {
  // Two browsers, an e-mail and two password hashes on a machine shared with other work.
  test.setTimeout(120_000);
  const email = `support.${Date.now()}@staff.example`;
  await logIn(page, 'admin@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption('support');
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation e-mailed to ${email}.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('Support · waiting');

  // The invitee, in their own browser, opens the link from the e-mail.
  const link = await invitationLink(email);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link.replace(/^https?:\/\/[^/]+/, `http://localhost:${PORT}`));
  await expect(invitee.getByText(`as support, with ${email}`)).toBeVisible();
  await invitee.getByLabel('First name').fill('Sabina');
  await invitee.getByLabel('Last name').fill('Tamang');
  await invitee.getByLabel('New password').fill('Marigold-Terrace-Window-42');
  await invitee.getByRole('button', { name: 'Accept and choose the password' }).click();
  await expect(invitee.getByText(/Welcome aboard/)).toBeVisible();

  await invitee.getByRole('link', { name: 'Open the console' }).click();
  await invitee.getByLabel('E-mail or mobile number').fill(email);
  await invitee.getByLabel('Password').fill('Marigold-Terrace-Window-42');
  await invitee.getByRole('button', { name: 'Log in' }).click();
  await expect(invitee.getByText('Sabina Tamang · Support')).toBeVisible();
  const theirNav = invitee.getByRole('navigation', { name: 'Admin sections' });
  await expect(theirNav.getByRole('link')).toHaveText([
    'Dashboard',
    'Bookings',
    'Agents and users',
    'Markups',
    'Agent commission',
    'Outbox',
    'SMS log',
    'Audit log',
    'Webhooks',
  ]);
  // /admin opened their first section: the dashboard, as for every role.
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);

  // The owner sees the new member with their role, and changes it to viewer.
  await page.reload();
  const row = page.getByRole('row', { name: /Sabina Tamang/ });
  await expect(row.getByLabel('Role of Sabina Tamang')).toHaveValue('support');
  await row.getByLabel('Role of Sabina Tamang').selectOption('viewer');
  await expect(page.getByText('Sabina Tamang’s role is changed.')).toBeVisible();
  await invitee.reload();
  await expect(invitee.getByText('Sabina Tamang · Viewer')).toBeVisible();
  await expect(theirNav.getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(theirNav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
});

test('a top-up above the threshold awaits approval; another finance member approves it on the Approvals page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A second person who may approve: a finance member, invited and accepted as any staff member.
  const email = `finance.${Date.now()}@staff.example`;
  const password = 'Copper-Valley-Kettle-83';
  await logIn(page, 'admin@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin/staff');
  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption('finance');
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation e-mailed to ${email}.`)).toBeVisible();
  const finance = await (await browser.newContext()).newPage();
  await finance.goto((await invitationLink(email)).replace(/^https?:\/\/[^/]+/, `http://localhost:${PORT}`));
  await finance.getByLabel('First name').fill('Anita');
  await finance.getByLabel('Last name').fill('Shrestha');
  await finance.getByLabel('New password').fill(password);
  await finance.getByRole('button', { name: 'Accept and choose the password' }).click();
  await expect(finance.getByText(/Welcome aboard/)).toBeVisible();

  // The owner tops up NPR 500,000: above NPR 100,000 it waits, and the wallet is unchanged.
  await page.goto('/admin');
  const wallet = await openBikashWallet(page);
  const before = (await wallet.getByTestId('wallet-balance').textContent()) ?? '';
  const reference = `FOUR-EYES-${Date.now()}`;
  await wallet.getByLabel('Amount (NPR)').fill('500000');
  await wallet.getByLabel('Deposit or receipt reference').fill(reference);
  await wallet.getByRole('button', { name: 'Top up' }).click();
  await confirmMoneyMove(page, 'Top up', { account: 'Bikash Gurung', amount: 'NPR 5,00,000' });
  await expect(page.getByText(/this awaits a second person’s approval/)).toBeVisible();
  await expect(wallet.getByTestId('wallet-balance')).toHaveText(before);
  await expect(wallet.getByRole('row', { name: new RegExp(reference) })).toHaveCount(0);

  // The owner sees it counted in the navigation, without buttons of their own to decide it.
  await page.goto('/admin/approvals');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: /Approvals/ })).toContainText('1 pending');
  const mine = page.getByRole('row', { name: /Wallet top-up/ });
  await expect(mine).toContainText('NPR 5,00,000');
  await expect(mine).toContainText('Awaits another owner or finance member');
  await expect(mine.getByRole('button')).toHaveCount(0);

  // The finance member approves it after a confirmation; the wallet is credited once.
  await finance.goto(`http://localhost:${PORT}/admin/approvals`);
  await finance.getByLabel('E-mail or mobile number').fill(email);
  await finance.getByLabel('Password').fill(password);
  await finance.getByRole('button', { name: 'Log in' }).click();
  const row = finance.getByRole('row', { name: /Wallet top-up/ });
  await expect(row).toContainText('admin@sajilo.example');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = finance.getByRole('dialog', { name: 'Approve this action?' });
  await expect(dialog).toContainText('NPR 5,00,000');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(finance.getByText('Approved: the action was applied.')).toBeVisible();
  await expect(finance.getByText('Nothing awaits approval.')).toBeVisible();
  const credited = await openBikashWallet(page);
  await expect(credited.getByRole('row', { name: new RegExp(reference) })).toContainText('NPR 5,00,000');
});

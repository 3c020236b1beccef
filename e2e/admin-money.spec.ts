import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, test } from '@playwright/test';
import { confirmMoneyMove, DEMO_PASSWORD, logInAsBrandAdmin, openBikashWallet } from './helpers';

/** A Kathmandu date `days` from today. */
const kathmanduDate = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);
/** "NPR 51,234.50" → 5123450 (paisa); a leading minus sign counts. */
const paisa = (text: string) => {
  const match = text.match(/(-?)\s*NPR\s*(-?)([\d,]+)(?:\.(\d{1,2}))?/);
  if (!match) throw new Error(`no NPR amount in ${text}`);
  const sign = match[1] || match[2] ? -1 : 1;
  return sign * (Number(match[3]?.replace(/,/g, '')) * 100 + Number((match[4] ?? '0').padEnd(2, '0')));
};

async function agentPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill('agent@sajilo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  return page;
}

test.describe.configure({ mode: 'serial' });

test('an admin tops up the agent’s wallet, the agent pays a booking from it, the ledger and report show it', async ({
  page,
  browser,
}) => {
  await logInAsBrandAdmin(page);
  let wallet = await openBikashWallet(page);
  const before = paisa((await wallet.getByTestId('wallet-balance').textContent()) ?? '');

  const reference = `NIC-${Date.now()}`;
  await wallet.getByLabel('Amount (NPR)').fill('abc');
  await wallet.getByRole('button', { name: 'Top up' }).click();
  await expect(wallet.getByLabel('Amount (NPR)')).toHaveAttribute('aria-invalid', 'true');
  await wallet.getByLabel('Amount (NPR)').fill('10000.50');
  await wallet.getByLabel('Deposit or receipt reference').fill(reference);
  await wallet.getByLabel('Note (optional)').fill('Deposit at Nepal Investment Bank');
  await wallet.getByRole('button', { name: 'Top up' }).click();
  // Cancelled first: nothing moves.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(paisa((await wallet.getByTestId('wallet-balance').textContent()) ?? '')).toBe(before);
  await wallet.getByRole('button', { name: 'Top up' }).click();
  await confirmMoneyMove(page, 'Top up', { account: 'Bikash Gurung', amount: 'NPR 10,000.50' });
  await expect(page.getByText(/Wallet topped up\. New balance/)).toBeVisible();
  const topUpRow = wallet.getByRole('row', { name: new RegExp(reference) });
  await expect(topUpRow).toContainText('Top-up');
  await expect(topUpRow).toContainText('NPR 10,000.50');
  await expect
    .poll(async () => paisa((await wallet.getByTestId('wallet-balance').textContent()) ?? ''))
    .toBe(before + 1_000_050);

  // The same reference again credits nothing.
  await wallet.getByLabel('Amount (NPR)').fill('10000.50');
  await wallet.getByLabel('Deposit or receipt reference').fill(reference);
  await wallet.getByRole('button', { name: 'Top up' }).click();
  await confirmMoneyMove(page, 'Top up', { account: 'Bikash Gurung', amount: 'NPR 10,000.50' });
  await expect(page.getByText('This reference was already credited; nothing was added.')).toBeVisible();

  const csvHref = await wallet.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(`top_up,${reference},,Deposit at Nepal Investment Bank,NPR,10000.50,`);

  // The agent books and pays from the wallet; the pay step shows the topped-up balance.
  const agent = await agentPage(browser);
  await agent.goto(`/flight-search?trip=oneway&from=KTM&to=BIR&date=${kathmanduDate(6)}&adults=1&nat=NP`);
  await agent.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(agent.getByText('Price and seats confirmed.')).toBeVisible();
  const group = agent.getByRole('group', { name: /^Passenger 1:/ });
  await group.getByLabel('Title').selectOption('Mr');
  await group.getByLabel('Gender').selectOption('male');
  await group.getByLabel(/^First name/).fill('Ramesh');
  await group.getByLabel(/^Last name/).fill('Shrestha');
  await agent.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(agent.getByTestId('booking-status')).toHaveText('Held, awaiting payment');
  const pnr = ((await agent.getByTestId('pnr').textContent()) ?? '').trim();
  const walletChoice = agent.getByText(/balance NPR/);
  await expect(walletChoice).toBeVisible();
  expect(paisa((await walletChoice.textContent()) ?? '')).toBeGreaterThanOrEqual(1_000_050);
  await agent.getByRole('radio', { name: 'Agent wallet' }).check();
  await agent.getByRole('button', { name: /^Pay NPR/ }).click();
  await expect(agent.getByTestId('booking-status')).toHaveText('Ticketed');
  await agent.context().close();

  // The admin's ledger shows the debit, and the balance is the top-up balance less it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Agents and users' })).toBeVisible();
  wallet = await openBikashWallet(page);
  const debitRow = wallet.getByRole('row', { name: new RegExp(pnr) });
  await expect(debitRow).toContainText('Booking paid');
  const cells = debitRow.getByRole('cell');
  const debit = paisa((await cells.nth(4).textContent()) ?? '');
  const after = paisa((await cells.nth(5).textContent()) ?? '');
  expect(debit).toBeLessThan(0);
  await expect
    .poll(async () => paisa((await wallet.getByTestId('wallet-balance').textContent()) ?? ''))
    .toBe(after);
  expect(after).toBe(before + 1_000_050 + debit);

  // Reports: today's bar and the route's row show the booking.
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const today = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${kathmanduDate(0)}T00:00:00Z`));
  const chart = page.getByRole('group', { name: /^Net sales by Day/ });
  await expect(
    chart.getByRole('img', { name: new RegExp(`^${today}: Net sales NPR [\\d,.]+, \\d+ paid booking`) }),
  ).toBeVisible();
  await page.getByLabel('Group by').selectOption('route');
  const routeBar = page
    .getByRole('group', { name: /^Net sales by Route/ })
    .getByRole('img', { name: /^KTM → BIR: Net sales NPR [\d,.]+, \d+ paid booking/ });
  await expect(routeBar).toBeVisible();
  await expect(page.getByRole('row', { name: /KTM → BIR/ })).toBeVisible();
  const reportCsv = await page.request.get(
    (await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? '',
  );
  expect(await reportCsv.text()).toMatch(/^route,currency,bookings,paid_bookings,sales/);
});

test('an admin adds a route markup and the search shows the marked-up price', async ({ page, browser }) => {
  const traveller = await (await browser.newContext()).newPage();
  const search = `/flight-search?trip=oneway&from=KTM&to=BWA&date=${kathmanduDate(8)}&adults=1&nat=NP`;
  await traveller.goto(search);
  const firstPrice = async () =>
    paisa(
      (await traveller
        .getByRole('article')
        .first()
        .getByText(/NPR [\d,]+/)
        .first()
        .textContent()) ?? '',
    );
  const plain = await firstPrice();

  await logInAsBrandAdmin(page);
  await page.getByRole('link', { name: 'Markups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Markups' })).toBeVisible();
  await page.getByLabel('Applies to').selectOption('route');
  await page.getByLabel('From (airport code)').fill('KTM');
  await page.getByLabel('To (airport code)').fill('BWA');
  await page.getByLabel('Type').selectOption('fixed');
  await page.getByLabel('Amount per passenger (NPR)').fill('500');
  await page.getByRole('button', { name: 'Save markup' }).click();
  await expect(page.getByText('Markup saved.')).toBeVisible();
  const row = page.getByRole('row', { name: /Route KTM → BWA/ });
  await expect(row).toContainText('NPR 500');

  await traveller.reload();
  await expect.poll(firstPrice).toBe(plain + 50_000);

  page.on('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /Remove/ }).click();
  await expect(page.getByText('Markup removed.')).toBeVisible();
  await traveller.reload();
  await expect.poll(firstPrice).toBe(plain);
  await traveller.context().close();
});

test('an admin grants an agent group commission: the agent sees it, pays less, and sells at their own markup', async ({
  page,
  browser,
}) => {
  const agent = await agentPage(browser);
  const grantedShown = async () => {
    await agent.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${kathmanduDate(9)}&adults=1&nat=NP`);
    await agent.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
    await expect(agent.getByText('Price and seats confirmed.')).toBeVisible();
    return (await agent.getByText(/^Your commission \(/).textContent()) ?? '';
  };
  expect(await grantedShown()).toContain('(3 %)');

  await logInAsBrandAdmin(page);
  await page.getByRole('link', { name: 'Agent commission' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agent commission' })).toBeVisible();
  const addGroup = page.getByRole('form', { name: 'Add a group' });
  await addGroup.getByLabel('Group name').fill('Gold');
  await addGroup.getByLabel('Commission %').fill('4.5');
  await addGroup.getByRole('button', { name: 'Save group' }).click();
  await expect(page.getByText('Group saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Gold/ })).toContainText('4.5 %');

  const bikash = page.getByRole('form', { name: 'Bikash Gurung' });
  await bikash.getByLabel('Group').selectOption({ label: 'Gold (4.5 %)' });
  await bikash.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Commission of Bikash Gurung saved.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Bikash Gurung' }).getByTestId('granted-now')).toContainText(
    'Granted 4.5 %',
  );
  expect(await grantedShown()).toContain('(4.5 %)');
  // The agent's own 5 % stays their markup: their client pays more than the gross fare.
  expect(paisa((await agent.getByTestId('client-price').textContent()) ?? '')).toBeGreaterThan(
    paisa((await agent.getByTestId('booking-total').textContent()) ?? ''),
  );

  // A rate above the maximum is refused beside the field.
  const again = page.getByRole('form', { name: 'Bikash Gurung' });
  await again.getByLabel('Own commission %').fill('30');
  await again.getByRole('button', { name: /Save/ }).click();
  await expect(again.getByText('The agency grants at most 20 %.')).toBeVisible();

  page.on('dialog', (dialog) => void dialog.accept());
  await page
    .getByRole('row', { name: /Gold/ })
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByText('Group deleted.')).toBeVisible();
  expect(await grantedShown()).toContain('(3 %)');
  await agent.context().close();
});

test('the money pages have no serious or critical accessibility violation', async ({ page }) => {
  await logInAsBrandAdmin(page);
  for (const path of ['/admin/markups', '/admin/reports', '/admin/commissions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.endsWith('reports')) await expect(page.getByRole('table')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
  }
});

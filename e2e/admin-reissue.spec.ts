import { expect, type Page, test } from '@playwright/test';
import { agentTicketedBooking, DEMO_PASSWORD, inDays } from './helpers';

/** Letters only (names are checked), different on every run. */
const uniqueLetters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function logInToConsole(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('E-mail or mobile number').fill('admin@sajilo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin changes the date of an agent’s booking: quote, confirm, new tickets citing the old ones (issue 20 §6)', async ({
  page,
  baseURL,
}) => {
  const lastName = `Sherpa${uniqueLetters()}`;
  const { pnr, ticketNumbers } = await agentTicketedBooking(baseURL ?? '', {
    days: 40,
    lastName,
    keyPrefix: 'e2e-admin-reissue',
  });

  await logInToConsole(page, `/admin/bookings/${pnr}`);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${pnr}` })).toBeVisible();
  const panel = page.getByTestId('console-change-date');
  await panel.getByRole('button', { name: 'Change date' }).click();
  await panel.getByLabel('New date').fill(inDays(43));
  await panel.getByRole('button', { name: 'Show flights' }).click();
  const option = panel.getByTestId('console-change-option').first();
  await expect(option).toContainText(inDays(43));
  await option.getByRole('button', { name: 'Quote this flight' }).click();

  const quote = option.getByRole('dialog');
  await expect(quote).toContainText('Fare difference');
  await expect(quote).toContainText('Change fee');
  await expect(quote.getByTestId('console-change-due')).toContainText('NPR');
  await expect(quote).toContainText('is debited from the agent’s wallet');
  await quote.getByRole('button', { name: 'Change the date and reissue the tickets' }).click();

  await expect(panel.getByTestId('change-result')).toContainText('Date changed: new ticket numbers issued.');
  await expect(panel.getByTestId('change-result')).toContainText('Tax invoice');
  // The exchanged ticket is listed beside its reissue, which names the number it replaced.
  const rows = page.getByTestId('ticket-row');
  await expect(rows).toHaveCount(ticketNumbers.length * 2);
  for (const old of ticketNumbers) {
    await expect(rows.filter({ hasText: old }).filter({ hasText: 'Exchanged' })).toHaveCount(1);
    await expect(page.getByTestId('reissued-from').filter({ hasText: `Reissued from ${old}` })).toHaveCount(
      1,
    );
  }
  await expect(rows.filter({ hasText: 'Valid' })).toHaveCount(ticketNumbers.length);
  await expect(page.getByTestId('history')).toContainText('Date changed');
  await expect(page.getByTestId('history')).toContainText('(agency)');
  await expect(page.getByText('for a date change')).toBeVisible();
});

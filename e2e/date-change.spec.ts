import { expect, test } from '@playwright/test';
import { agentApi, agentPage, bookAndPay, inDays, uniqueLetters, walletEntriesOf } from './helpers';

test('an agent changes the date of a ticketed booking from the booking page and gets new tickets', async ({
  browser,
  baseURL,
}) => {
  const agent = await agentApi(baseURL ?? '');
  const lastName = `Sherpa${uniqueLetters()}`;
  const pnr = await bookAndPay(agent, {
    days: 31,
    lastName,
    firstNames: ['Dolma'],
    title: 'Ms',
    idempotencyKey: `e2e-date-change-${lastName}`,
    offer: { where: (offer) => offer.stops === 0 && offer.fare.family === 'Apex', what: 'direct Apex' },
  });
  const before = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;

  const { context, page } = await agentPage(browser, baseURL);
  await page.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const panel = page.getByTestId('change-date');
  await panel.getByRole('button', { name: 'Change date' }).click();
  await panel.getByLabel('New date').fill(inDays(33));
  await panel.getByRole('button', { name: 'Show flights' }).click();
  const option = panel.getByTestId('change-option').first();
  await expect(option).toBeVisible();
  await expect(option.getByTestId('change-quote')).toContainText('Change fee');
  const flight = (await option.locator('strong').first().textContent()) ?? '';
  await option.getByRole('button', { name: 'Change to this flight' }).click();
  await option.getByRole('button', { name: /^Confirm and pay/ }).click();

  await expect(page.getByTestId('exchanged-ticket')).toHaveCount(1);
  await expect(page.getByTestId('exchanged-ticket')).toContainText(before.tickets[0].ticket_number);
  await expect(page.getByTestId('valid-ticket')).toHaveCount(1);
  await expect(page.getByTestId('valid-ticket')).toContainText(before.tickets[0].ticket_number);

  const after = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  expect(after.legs[0].segments[0].flight_number).toBe(flight);
  expect(after.legs[0].segments[0].depart_at.slice(0, 10)).toBe(inDays(33));
  const reissued = after.tickets.find((t: { status: string }) => t.status === 'open');
  expect(reissued.reissued_from).toBe(before.tickets[0].ticket_number);
  // Read from the booking's own wallet entries: other specs top the same wallet up meanwhile.
  const changeDebits = (await walletEntriesOf(agent, pnr)).filter((entry) => entry.kind === 'change_debit');
  expect(changeDebits).toHaveLength(1);
  expect(changeDebits[0]?.amount).toBeLessThan(0);
  await context.close();
  await agent.dispose();
});

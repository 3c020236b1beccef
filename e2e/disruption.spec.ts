import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  agentApi,
  agentPage,
  bookAndPay,
  expectNoSeriousViolation,
  logInToConsole,
  uniqueLetters,
} from './helpers';

/** Books (and pays from the wallet) the first direct KTM→PKR flight `days` ahead for one adult. */
const bookPasang = (api: APIRequestContext, days: number, lastName: string) =>
  bookAndPay(api, {
    days,
    lastName,
    firstNames: ['Pasang'],
    title: 'Mr',
    idempotencyKey: `e2e-disruption-${lastName}`,
  });

/** The admin, in the console, marks the booking's (first) flight cancelled by weather. */
async function cancelFlightInConsole(page: Page, pnr: string) {
  await logInToConsole(page, `/admin/bookings/${pnr}`);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${pnr}` })).toBeVisible();
  await page
    .getByRole('button', { name: /^Mark disrupted…/ })
    .first()
    .click();
  await page.getByLabel('What happened').selectOption('cancelled');
  await page.getByLabel('Reason').selectOption('weather');
  await page.getByLabel('What travellers are told').fill('Pokhara is closed by cloud all day.');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Mark disrupted and e-mail travellers' }).click();
  await expect(page.getByTestId('disruption-result')).toContainText(pnr);
}

test.describe.configure({ mode: 'serial' });

test('an admin cancels a flight; the traveller rebooks onto another flight at no cost from the booking page', async ({
  page,
  browser,
  baseURL,
}) => {
  const agent = await agentApi(baseURL ?? '');
  const pnr = await bookPasang(agent, 26, `Sherpa${uniqueLetters()}`);
  const before = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  await cancelFlightInConsole(page, pnr);

  const { context: travellerContext, page: traveller } = await agentPage(browser, baseURL);
  await traveller.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  const actions = traveller.getByTestId('disruption-actions');
  await expect(actions.getByTestId('disruption-change')).toContainText('cancelled');
  await expect(actions.getByRole('button', { name: 'Accept the new time' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Choose another flight (no cost)' }).click();
  const option = actions.getByTestId('rebooking-option').first();
  await expect(option).toBeVisible();
  await expectNoSeriousViolation(traveller, 'rebooking options');
  const optionText = (await option.locator('strong').textContent()) ?? '';
  await option.getByRole('button', { name: 'Move to this flight' }).click();

  await expect(actions.getByTestId('disruption-resolution')).toHaveText(
    'You moved to another flight at no cost.',
  );
  await expect(traveller.getByTestId('booking-status')).toHaveText('Ticketed');
  const after = (await (await agent.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  expect(after.legs[0].segments[0].flight_number).toBe(optionText);
  expect(after.legs[0].segments[0].depart_at).not.toBe(before.legs[0].segments[0].depart_at);
  expect(after.price.total).toBe(before.price.total);
  expect(after.tickets[0].ticket_number).not.toBe(before.tickets[0].ticket_number);
  await travellerContext.close();
  await agent.dispose();
});

test('an agent takes the full refund for the client in the console', async ({ page, baseURL }) => {
  const agent = await agentApi(baseURL ?? '');
  const pnr = await bookPasang(agent, 27, `Lama${uniqueLetters()}`);
  await cancelFlightInConsole(page, pnr);
  const actions = page.getByTestId('disruption-actions');
  await actions.getByRole('button', { name: 'Full refund' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Refunded');
  await expect(actions.getByTestId('disruption-resolution')).toHaveText(
    'This booking was cancelled with a full refund.',
  );
  await agent.dispose();
});

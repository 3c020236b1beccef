import { expect, test } from '@playwright/test';
import { holdFlight, inDays, uniqueLetters } from './helpers';

test('a traveller pays a date change’s difference with eSewa and comes back to the booking on the new flight', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const unique = Date.now().toString().slice(-7);
  const email = `pasang${unique}@example.com`;
  const password = 'Prayer flags over Namche';
  const signup = await context.request.post('/api/b2b/v2/auth/signup', {
    data: { firstName: 'Pasang', lastName: 'Lama', email, mobile: `+977 985${unique}`, password },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const login = await context.request.post('/api/b2b/v2/auth/login', {
    data: { login: email, password, session: 'cookie' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const pnr = await holdFlight(context.request, {
    days: 32,
    lastName: `Lama${uniqueLetters()}`,
    firstNames: ['Pasang'],
    title: 'Mr',
    idempotencyKey: `e2e-change-payment-${unique}`,
    offer: { where: (offer) => offer.stops === 0 && offer.fare.family === 'Apex', what: 'direct Apex' },
  });

  const page = await context.newPage();
  await page.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  await page.getByRole('radio', { name: 'eSewa' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/Booking/BookingConfirm\\?pnr=${pnr}.*payment=success`));
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const before = (await (await context.request.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;

  const panel = page.getByTestId('change-date');
  await panel.getByRole('button', { name: 'Change date' }).click();
  await panel.getByLabel('New date').fill(inDays(34));
  await panel.getByRole('button', { name: 'Show flights' }).click();
  const option = panel.getByTestId('change-option').first();
  await expect(option).toBeVisible();
  const due = ((await option.getByTestId('change-quote').textContent()) ?? '').match(
    /To pay (NPR [\d,.]+)/,
  )?.[1];
  expect(due).toBeTruthy();
  const flight = (await option.locator('strong').first().textContent()) ?? '';
  await option.getByRole('button', { name: 'Change to this flight' }).click();
  await expect(option.getByRole('radio', { name: 'eSewa' })).toBeChecked();
  await expect(option.getByRole('radio', { name: 'Khalti' })).toBeVisible();
  await option.getByRole('button', { name: `Pay ${due} with eSewa` }).click();

  // At the gateway (the eSewa sandbox): the amount is the change’s, then back to the booking.
  const amount = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));
  const pay = page.getByRole('button', { name: /^Pay / });
  expect(amount(await pay.textContent())).toBe(amount(due));
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/Booking/BookingConfirm\\?pnr=${pnr}.*change=success`));
  await expect(page.getByTestId('change-payment')).toHaveText(
    'Payment received: your date is changed and new tickets are issued.',
  );
  await expect(page.getByTestId('exchanged-ticket')).toHaveCount(1);
  await expect(page.getByTestId('exchanged-ticket')).toContainText(before.tickets[0].ticket_number);
  await expect(page.getByTestId('valid-ticket')).toHaveCount(1);
  await expect(page.getByText(flight).first()).toBeVisible();

  const after = (await (await context.request.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  expect(after.legs[0].segments[0].flight_number).toBe(flight);
  expect(after.legs[0].segments[0].depart_at.slice(0, 10)).toBe(inDays(34));
  await context.close();
});

import { type Browser, expect, test } from '@playwright/test';
import { holdFlight, inDays, uniqueLetters } from './helpers';

/** A newly signed-up traveller's context and a direct Apex booking they hold `days` ahead. */
async function travellerWithApexHold(
  browser: Browser,
  baseURL: string | undefined,
  days: number,
  tag: string,
) {
  const context = await browser.newContext({ baseURL });
  const unique = Date.now().toString().slice(-7);
  const email = `pasang${tag}${unique}@example.com`;
  const password = 'Prayer flags over Namche';
  const signup = await context.request.post('/api/b2b/v2/auth/signup', {
    data: { firstName: 'Pasang', lastName: 'Lama', email, mobile: `+977 98${tag}${unique}`, password },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const login = await context.request.post('/api/b2b/v2/auth/login', {
    data: { login: email, password, session: 'cookie' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const pnr = await holdFlight(context.request, {
    days,
    lastName: `Lama${uniqueLetters()}`,
    firstNames: ['Pasang'],
    title: 'Mr',
    idempotencyKey: `e2e-change-payment-${tag}-${unique}`,
    offer: { where: (offer) => offer.stops === 0 && offer.fare.family === 'Apex', what: 'direct Apex' },
  });
  return { context, pnr };
}

test('a traveller pays a date change’s difference with eSewa and comes back to the booking on the new flight', async ({
  browser,
  baseURL,
}) => {
  const { context, pnr } = await travellerWithApexHold(browser, baseURL, 32, '5');

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

test('back on the booking with the change unconfirmed (?change=pending), the page follows it to the new flight without a reload', async ({
  browser,
  baseURL,
}) => {
  const { context, pnr } = await travellerWithApexHold(browser, baseURL, 36, '6');
  const page = await context.newPage();
  await page.goto(`/Booking/BookingConfirm?pnr=${pnr}`);
  await page.getByRole('radio', { name: 'eSewa' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');

  // The traveller confirms a change with Khalti: the new seats are held and the payment waits.
  const options = await context.request.get(
    `/api/b2b/v2/bookings/${pnr}/change-options?leg_index=0&date=${inDays(38)}`,
  );
  expect(options.ok(), await options.text()).toBe(true);
  const option = (await options.json()).data.options.find(
    (o: { quote: { amount_due: number } }) => o.quote.amount_due > 0,
  );
  expect(option).toBeTruthy();
  const started = await context.request.post(`/api/b2b/v2/bookings/${pnr}/change`, {
    data: { leg_index: 0, offer_id: option.offer.id, confirm: true, method: 'khalti' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const action = (await started.json()).data.payment_action as { type: string; url: string };
  expect(action.type).toBe('redirect');

  // The gateway sent the traveller back before it confirmed: the page says it is waiting.
  await page.goto(`/Booking/BookingConfirm?pnr=${pnr}&change=pending`);
  const notice = page.getByTestId('change-payment');
  await expect(notice).toHaveText(
    'We are waiting for the payment gateway to confirm your payment. Your date changes as soon as it does.',
  );
  await expect(page.getByTestId('exchanged-ticket')).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });

  // The payment is confirmed meanwhile (here: paid at Khalti's sandbox in another tab).
  const gatewayTab = await context.newPage();
  await gatewayTab.goto(action.url);
  await gatewayTab.getByRole('button', { name: /^Pay / }).click();
  await expect(gatewayTab).toHaveURL(/change=success/);
  await gatewayTab.close();

  // The waiting page looks again by itself: the new flight, the reissued tickets, the news.
  await expect(notice).toHaveText(
    'The payment gateway has confirmed your payment: your date is changed and new tickets are issued.',
    { timeout: 15_000 },
  );
  await expect(page.getByTestId('exchanged-ticket')).toHaveCount(1);
  await expect(page.getByTestId('valid-ticket')).toHaveCount(1);
  const flight = option.offer.segments[0].flight_number as string;
  await expect(page.getByText(flight).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
    true,
  );
  expect(page.url()).toContain('change=pending');

  // And it stops looking: no more booking requests once the change is settled.
  let looks = 0;
  page.on('request', (request) => {
    if (request.url().includes(`/api/b2b/v2/bookings/${pnr}`)) looks += 1;
  });
  await page.waitForTimeout(6_000);
  expect(looks).toBe(0);
  await context.close();
});

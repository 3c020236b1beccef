import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

const daysFromNow = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

test('a traveller asks for SMS at booking and shares the ticketed itinerary on WhatsApp, without a link', async ({
  page,
}) => {
  await logIn(page, 'agent@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${daysFromNow(9)}&adults=1&nat=NP`);
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  const group = page.getByRole('group', { name: /^Passenger 1:/ });
  await group.getByLabel('Title').selectOption('Ms');
  await group.getByLabel('Gender').selectOption('female');
  await group.getByLabel(/^First name/).fill('Sita');
  await group.getByLabel(/^Last name/).fill('Rai');
  await page.getByLabel('Mobile number').fill('+977 9812345678');
  await page.getByLabel(/^Send me SMS about this booking/).check();
  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Held, awaiting payment');
  // No share link before the tickets exist.
  await expect(page.getByTestId('share-whatsapp')).toHaveCount(0);

  await page.getByRole('radio', { name: 'Agent wallet' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');

  const pnr = (await page.getByTestId('pnr').textContent()) ?? '';
  const booking = (await (await page.request.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data;
  expect(booking.sms_updates).toBe(true);
  expect(booking.language).toBe('en');
  const flight = booking.legs[0].segments[0];

  const share = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(share).toBeVisible();
  const href = (await share.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  const text = new URL(href).searchParams.get('text') ?? '';
  expect(text).toContain('My flight KTM → PKR');
  expect(text).toContain(
    `${flight.flight_number} KTM → PKR, ${flight.depart_at.slice(0, 10)}, departs ${flight.depart_at.slice(11, 16)}`,
  );
  expect(text).toContain(`Booking reference (PNR): ${pnr}`);
  expect(text).not.toMatch(/https?:/);
  await expect(share).toHaveAttribute('target', '_blank');
});

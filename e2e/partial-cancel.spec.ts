import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

const daysFromNow = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);
const uniqueLetters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('an agent cancels one of two passengers from My bookings: only that passenger’s part is quoted and refunded (issue 20 §4)', async ({
  page,
}) => {
  await logIn(page, 'agent@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);

  // Two adults on the first direct KTM→PKR flight 24 days out, paid from the wallet.
  const search = await page.request.post('/api/b2b/v2/flights/search', {
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: daysFromNow(24),
      nationality_code: 'NP',
      adults: 2,
      children: 0,
      infants: 0,
    },
  });
  const offers = (await search.json()).data.legs[0].offers as {
    id: string;
    stops: number;
    price: { total: number };
  }[];
  const offer = offers.find((o) => o.stops === 0);
  if (!offer) throw new Error('no direct KTM→PKR offer');
  const lastName = `Sherpa${uniqueLetters()}`;
  const traveller = (first_name: string) => ({
    type: 'adult',
    title: 'Mr',
    first_name,
    last_name: lastName,
    gender: 'male',
    nationality: 'NP',
  });
  const held = await page.request.post('/api/b2b/v2/bookings', {
    headers: { 'idempotency-key': `e2e-partial-${lastName}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [traveller('Pemba'), traveller('Dawa')],
      contact: { name: `Pemba ${lastName}`, email: 'pemba@example.com', mobile: '+9779812345678' },
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const pnr = (await held.json()).data.pnr as string;
  const paid = await page.request.post(`/api/b2b/v2/bookings/${pnr}/payments`, {
    data: { method: 'wallet' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await page.goto('/user/bookings');
  await page.getByLabel('Find by PNR').fill(pnr);
  const item = page.getByRole('listitem').filter({ hasText: pnr });
  await expect(item).toContainText('Ticketed');
  await item.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${pnr}?` });
  await expect(dialog.getByRole('checkbox', { name: /Pemba/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Dawa/ })).toBeChecked();
  await expect(dialog.getByTestId('cancel-refund')).toContainText('NPR');
  const wholeRefund = (await dialog.getByTestId('cancel-refund').textContent()) ?? '';

  await dialog.getByRole('checkbox', { name: /Pemba/ }).uncheck();
  await expect(dialog.getByTestId('cancel-refund')).not.toHaveText(wholeRefund);
  await dialog.getByRole('button', { name: 'Cancel the chosen passengers' }).click();
  await expect(page.getByText(`Booking ${pnr}: the chosen passengers are cancelled`)).toBeVisible();
  await expect(item).toContainText('Ticketed');

  const booking = (await (await page.request.get(`/api/b2b/v2/bookings/${pnr}`)).json()).data as {
    status: string;
    passengers: { id: string; first_name: string }[];
    tickets: { passenger_id: string; status: string }[];
  };
  const statusOf = (name: string) =>
    booking.tickets.find((t) => t.passenger_id === booking.passengers.find((p) => p.first_name === name)?.id)
      ?.status;
  expect(booking.status).toBe('ticketed');
  expect(statusOf('Dawa')).toBe('refunded');
  expect(statusOf('Pemba')).toBe('open');
});

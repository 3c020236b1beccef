import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/** Books and pays (wallet) a refundable KTM→PKR flight as the signed-in page's user; its PNR. */
async function ticketedBooking(page: Page, days: number, lastName: string): Promise<string> {
  const search = await page.request.post('/api/b2b/v2/flights/search', {
    data: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: inDays(days),
      nationality_code: 'NP',
      adults: 1,
    },
  });
  const offers = (await search.json()).data.legs[0].offers as {
    id: string;
    price: { total: number };
    fare: { refundable: boolean };
  }[];
  const offer = offers.find((o) => o.fare.refundable);
  if (!offer) throw new Error('no refundable KTM→PKR offer');
  const held = await page.request.post('/api/b2b/v2/bookings', {
    headers: { 'idempotency-key': `e2e-ticket-status-${lastName}` },
    data: {
      offers: [{ id: offer.id, total: offer.price.total }],
      passengers: [
        {
          type: 'adult',
          title: 'Ms',
          first_name: 'Sita',
          last_name: lastName,
          gender: 'female',
          nationality: 'NP',
        },
      ],
      contact: { name: 'Sita Rai', email: 'sita@example.com', mobile: '+9779812345678' },
    },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const pnr = (await held.json()).data.pnr as string;
  const paid = await page.request.post(`/api/b2b/v2/bookings/${pnr}/payments`, {
    data: { method: 'wallet' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return pnr;
}

test('a refunded ticket shows its status on My Tickets and its booking, with no green download', async ({
  page,
}, testInfo) => {
  await logIn(page, 'agent@sajilo.example');
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  const lastName = `Rai${testInfo.project.name === 'mobile' ? 'm' : 'd'}${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
  const pnr = await ticketedBooking(page, 13 + (testInfo.project.name === 'mobile' ? 1 : 0), lastName);

  await page.goto('/user/tickets');
  const ticket = page.getByTestId('ticket').filter({ hasText: pnr });
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Valid');
  await expect(ticket.getByRole('link', { name: 'Download e-ticket (PDF)' })).toHaveClass(/bg-brand/);

  const cancelled = await page.request.post(`/api/b2b/v2/bookings/${pnr}/cancel`, {
    data: { confirm: true },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await page.reload();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Refunded');
  await expect(ticket.getByRole('link', { name: 'Download e-ticket (PDF)' })).toHaveCount(0);
  const record = ticket.getByRole('link', { name: /Not valid for travel/ });
  await expect(record).toBeVisible();
  expect(await record.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  await ticket.getByRole('link', { name: pnr }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Refunded');
  const tickets = page.getByTestId('cancelled-tickets');
  await expect(tickets).toContainText('Not valid for travel');
  await expect(tickets.getByTestId('ticket-status')).toHaveText('Refunded');
  await expect(page.getByRole('link', { name: 'Download e-ticket (PDF)' })).toHaveCount(0);
});

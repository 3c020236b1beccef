import { expect, test } from '@playwright/test';
import { logIn, ticketedBooking } from './helpers';

test('a refunded ticket shows its status on My Tickets and its booking, with no green download', async ({
  page,
}, testInfo) => {
  await logIn(page, 'agent@sajilo.example');
  await expect(page.getByRole('button', { name: 'Bikash Gurung' })).toBeVisible();
  const lastName = `Rai${testInfo.project.name === 'mobile' ? 'm' : 'd'}${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
  const pnr = await ticketedBooking(
    page,
    13 + (testInfo.project.name === 'mobile' ? 1 : 0),
    lastName,
    'e2e-ticket-status',
  );

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

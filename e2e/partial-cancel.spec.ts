import { expect, test } from '@playwright/test';
import { bookAndPay, logIn, uniqueLetters } from './helpers';

test('an agent cancels one of two passengers from My bookings: only that passenger’s part is quoted and refunded', async ({
  page,
}) => {
  await logIn(page, 'agent@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);

  // Two adults on the first direct KTM→PKR flight 24 days out, paid from the wallet.
  const lastName = `Sherpa${uniqueLetters()}`;
  const pnr = await bookAndPay(page.request, {
    days: 24,
    lastName,
    firstNames: ['Pemba', 'Dawa'],
    title: 'Mr',
    idempotencyKey: `e2e-partial-${lastName}`,
    contactEmail: 'pemba@example.com',
  });

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
  const partRefund = (await dialog.getByTestId('cancel-refund').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Cancel the chosen passengers' }).click();
  await expect(page.getByText(`Booking ${pnr}: the chosen passengers are cancelled`).first()).toBeVisible();
  await expect(item).toContainText('Ticketed');

  // The confirmation says who was cancelled, what came back and to where, and the new total.
  const done = item.getByTestId('cancel-done');
  await expect(done).toContainText(`Cancelled: Dawa ${lastName}.`);
  await expect(done.getByTestId('cancel-done-refund')).toContainText(`${partRefund} is back in your wallet`);
  await expect(done.getByTestId('cancel-done-total')).toContainText(
    'New total for those still travelling: NPR',
  );

  // My Bookings: who still travels, who was cancelled and what came back, without a reload.
  await expect(item).toContainText(`Travelling: Mr Pemba ${lastName}`);
  await expect(item.getByTestId('cancelled-passengers')).toContainText(`Cancelled: Mr Dawa ${lastName}`);
  await expect(item.getByTestId('cancelled-passengers')).toContainText(`Refunded ${partRefund}`);
  const newTotal = ((await done.getByTestId('cancel-done-total').textContent()) ?? '').replace(
    /.*: (NPR [\d,]+(?:\.\d+)?)\.?$/,
    '$1',
  );
  await expect(item.getByTestId('booking-total')).toHaveText(newTotal);

  // The booking page, opened in the app (no reload): the refunded ticket, the cancelled passenger
  // and the new total at once.
  await item.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByTestId('refunded-ticket')).toHaveCount(1);
  await expect(page.getByTestId('refunded-ticket')).toContainText('Dawa');
  await expect(page.getByTestId('valid-ticket')).toHaveCount(1);
  await expect(page.getByTestId('valid-ticket')).toContainText('Pemba');
  await expect(page.getByTestId('passenger-cancelled')).toContainText(`Dawa ${lastName}`);
  await expect(page.getByTestId('after-sales-refunded')).toContainText(
    `${partRefund} came back to the wallet`,
  );
  await expect(page.getByTestId('after-sales-total')).toContainText(newTotal);

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

test('a Saver ticket, whose fare allows no date change, offers no "Change date"; an Apex ticket does', async ({
  page,
}) => {
  await logIn(page, 'agent@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const book = (family: string) => {
    const lastName = `Lama${uniqueLetters()}`;
    return bookAndPay(page.request, {
      days: 26,
      lastName,
      firstNames: ['Tashi'],
      title: 'Mr',
      idempotencyKey: `e2e-${family}-${lastName}`,
      offer: { where: (offer) => offer.stops === 0 && offer.fare.family === family, what: family },
    });
  };
  const saver = await book('Saver');
  await page.goto(`/Booking/BookingConfirm?pnr=${saver}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  await expect(page.getByTestId('valid-ticket')).toHaveCount(1);
  await expect(page.getByTestId('change-date')).toHaveCount(0);

  const apex = await book('Apex');
  await page.goto(`/Booking/BookingConfirm?pnr=${apex}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  await expect(page.getByTestId('change-date')).toBeVisible();
});

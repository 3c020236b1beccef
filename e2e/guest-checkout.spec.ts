import { expect, test } from '@playwright/test';

const daysFromNow = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

test('a signed-out traveller continues as a guest, pays with eSewa, sees the ticket and creates an account', async ({
  page,
}) => {
  const unique = Date.now().toString().slice(-7);
  const email = `guest${unique}@example.com`;
  const password = 'Terraced fields of Bandipur';

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${daysFromNow(6)}&adults=1&nat=NP`);
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/Booking\/FlightConfirm/);
  // Signed out: log in, sign up, or continue as a guest.
  await expect(page.getByRole('link', { name: 'Log In' }).last()).toBeVisible();
  const guest = page.getByRole('form', { name: 'Continue as guest' });
  await guest.getByLabel('E-mail').fill(email);
  await guest.getByLabel('Mobile number').fill(`+977 985${unique}`);
  await guest.getByRole('button', { name: 'Continue as guest' }).click();

  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  const contact = page.getByRole('group', { name: 'Contact for this booking' });
  await expect(contact.getByLabel('E-mail')).toHaveValue(email);
  await contact.getByLabel('Name', { exact: true }).fill('Pema Sherpa');
  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  await passenger.getByLabel('Title').selectOption('Ms');
  await passenger.getByLabel('Gender').selectOption('female');
  await passenger.getByLabel(/^First name/).fill('Pema');
  await passenger.getByLabel(/^Last name/).fill('Sherpa');
  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();

  await expect(page).toHaveURL(/\/Booking\/BookingConfirm\?pnr=[A-Z2-9]{6}/);
  const pnr = ((await page.getByTestId('pnr').textContent()) ?? '').trim();
  await expect(page.getByTestId('booking-status')).toHaveText('Held, awaiting payment');
  await expect(page.getByRole('radio', { name: 'Agent wallet' })).toHaveCount(0);
  // Not offered before paying.
  await expect(page.getByRole('heading', { name: 'Create an account' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'eSewa' }).check();
  await page.getByRole('button', { name: /^Pay NPR/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(new RegExp(`/Booking/BookingConfirm\\?pnr=${pnr}.*payment=success`));
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  await expect(page.getByRole('link', { name: 'Download e-ticket (PDF)' })).toBeVisible();

  const offer = page.getByRole('form', { name: 'Create an account' });
  await offer.getByLabel(/^Password/).fill(password);
  await offer.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByTestId('account-created')).toContainText(email);

  // The new account logs in with the e-mail and password, and holds the booking.
  const login = await page.request.post('/api/b2b/v2/auth/login', { data: { login: email, password } });
  expect(login.status()).toBe(200);
  await page.goto('/user/bookings');
  await expect(page.getByText(pnr)).toBeVisible();
});

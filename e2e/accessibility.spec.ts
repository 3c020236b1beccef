import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers';

/**
 * axe-core on every public route of web/src/app/router.tsx, signed out and signed in where the
 * page needs it; the desktop and mobile projects run each one at their own size. No serious or
 * critical violation is allowed.
 */
const PORT = process.env.E2E_PORT ?? 3100;
const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);
const month = inDays(1).slice(0, 7);

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

async function signIn(page: Page, email: string) {
  await logIn(page, email);
  await expect(page.getByRole('button', { name: /Sita Tamang|Bikash Gurung/ })).toBeVisible();
}

const signedOut: [string, string | RegExp][] = [
  ['/', 'Search the most affordable flights in Nepal'],
  ['/auth/login', 'Log In'],
  ['/auth/signup', 'Sign Up'],
  ['/auth/forgot-password', /password/i],
  ['/auth/reset-password?token=not-a-real-token', /password/i],
  ['/user/bookings', 'My Bookings'],
  ['/user/tickets', 'My Tickets'],
  ['/booking', 'Booking'],
  ['/flight-search', 'Flight search'],
  [`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(2)}&adults=1&nat=NP`, 'Flight search'],
  [`/fare-calendar?from=KTM&to=PKR&month=${month}&adults=1&nat=NP`, 'Fare calendar'],
  ['/Booking/FlightConfirm', 'Flight confirmation'],
  ['/Booking/BookingConfirm', 'Booking confirmation'],
  ['/no/such/page', 'Page not found'],
];

for (const [path, heading] of signedOut) {
  test(`axe: ${path.split('?')[0]}${path.includes('?') ? ' (with a query)' : ''} signed out`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path.startsWith('/flight-search?')) await expect(page.getByRole('article').first()).toBeVisible();
    if (path.startsWith('/fare-calendar'))
      await expect(page.getByRole('table', { name: /Lowest fares from KTM to PKR/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('axe: the booking flow signed in (flight confirm, booking confirm, my bookings, my tickets)', async ({
  page,
}) => {
  // A whole booking and five scans: longer than one page's test.
  test.setTimeout(90_000);
  await signIn(page, 'customer@sajilo.example');
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=BWA&date=${inDays(3)}&adults=1&children=1&nat=NP`);
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The form with its errors showing.
  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  for (const [n, p] of [
    [1, { title: 'Ms', gender: 'female', first: 'Sita', last: 'Tamang' }],
    [
      2,
      {
        title: 'Mstr',
        gender: 'male',
        first: 'Aarav',
        last: 'Tamang',
        born: `${Number(inDays(0).slice(0, 4)) - 7}-03-01`,
      },
    ],
  ] as const) {
    const group = page.getByRole('group', { name: new RegExp(`^Passenger ${n}:`) });
    await group.getByLabel('Title').selectOption(p.title);
    await group.getByLabel('Gender').selectOption(p.gender);
    await group.getByLabel(/^First name/).fill(p.first);
    await group.getByLabel(/^Last name/).fill(p.last);
    if ('born' in p) await group.getByLabel(/^Date of birth/).fill(p.born);
  }
  await page.getByRole('button', { name: 'Hold seats and continue to payment' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Held, awaiting payment');
  await expectNoSeriousViolations(page);

  await page.goto('/user/bookings');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto('/user/tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('axe: the profile menu and the commission modal open', async ({ page }) => {
  await signIn(page, 'agent@sajilo.example');
  await page.getByRole('button', { name: 'Bikash Gurung' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('menuitem', { name: 'Set Commission' }).click();
  await expect(page.getByRole('dialog', { name: 'Set Commission' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('axe: the bank brand in its dark theme, and a page in Nepali', async ({ page }) => {
  await page.goto(`http://globalime.localhost:${PORT}/`);
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousViolations(page);
  await page.goto(
    `http://globalime.localhost:${PORT}/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(2)}&adults=1&nat=NP`,
  );
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expectNoSeriousViolations(page);
});

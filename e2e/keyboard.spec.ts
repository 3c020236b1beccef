import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, openStoredModal, shownDate } from './helpers';

/**
 * Everything works by keyboard: these tests never touch the mouse. They move with Tab and
 * Shift+Tab, type, and use Enter, Space and the arrow keys, as a keyboard user does.
 */
const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/**
 * A day of next month in Nepal (yyyy-mm-dd), far enough from the month's end that the steps of
 * the test stay within it.
 */
function nextMonthDay(day: number): string {
  const today = new Date(Date.now() + 5.75 * 3_600_000);
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, day));
  return next.toISOString().slice(0, 10);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * A modal keeps the keyboard: Tab never reaches the page behind it. (Past its last control the
 * focus may visit the browser's own toolbar, where the page sees no focused element.)
 */
const focusStaysIn = (dialog: Locator) =>
  dialog.evaluate(
    (element) =>
      element.contains(document.activeElement) ||
      document.activeElement === null ||
      document.activeElement === document.body,
  );

/** Presses Tab (or Shift+Tab) until the target has the focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await expect(target).toBeVisible();
  for (let press = 0; press < (options.max ?? 80); press++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached ${target} by keyboard`).toBe(true);
}

async function logInByKeyboard(page: Page, email: string) {
  await page.goto('/auth/login');
  await tabTo(page, page.getByLabel('E-mail or mobile number'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
}

test('a traveller searches, chooses a flight, fills the passenger and holds the booking by keyboard alone', async ({
  page,
}) => {
  // A whole booking, one key at a time.
  test.setTimeout(90_000);
  await logInByKeyboard(page, 'customer@sajilo.example');
  await expect(page.getByRole('button', { name: 'Sita Tamang' })).toBeVisible();

  await page.goto('/');
  // Once the app has started (the footer is the app's, not the server's first paint), the first
  // Tab reaches the skip link, which takes the keyboard past the header.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const from = page.getByRole('combobox', { name: 'From' });
  await tabTo(page, from);
  await page.keyboard.type('kath');
  await expect(page.getByRole('listbox', { name: 'From' }).getByRole('option').first()).toContainText('KTM');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue('Kathmandu (KTM)');

  const to = page.getByRole('combobox', { name: 'To' });
  await tabTo(page, to);
  await page.keyboard.type('pok');
  await expect(page.getByRole('listbox', { name: 'To' }).getByRole('option').first()).toContainText('PKR');
  await page.keyboard.press('Enter');
  await expect(to).toHaveValue('Pokhara (PKR)');

  // The date field reads day/month/year as typed; the arrow key steps it a day on; its calendar
  // opens on the chosen day, moves with the arrow keys and chooses with Enter.
  const date = page.getByLabel('Departure date');
  await tabTo(page, date);
  const [year, month, day] = nextMonthDay(10).split('-');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`${day}/${month}/${year}`);
  await expect(date).toHaveValue(shownDate(nextMonthDay(10)));
  await page.keyboard.press('ArrowUp');
  await expect(date).toHaveValue(shownDate(nextMonthDay(11)));
  await expect(page.getByText(/^BS: \d+ \S+ 20\d\d$/)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Choose on the calendar' })).toBeFocused();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: /^\w+ 20\d\d/ });
  await expect(calendar.getByRole('button', { name: /\(BS \d+ \S+ 20\d\d\)$/, pressed: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(date).toBeFocused();
  await expect(date).toHaveValue(shownDate(nextMonthDay(12)));

  // Shift+Tab back from the search button works as well as Tab.
  const searchButton = page.getByRole('button', { name: 'Search flights' });
  await tabTo(page, searchButton);
  await page.keyboard.press('Shift+Tab');
  await expect(searchButton).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(searchButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(
    new RegExp(`/flight-search\\?trip=oneway&from=KTM&to=PKR&date=${nextMonthDay(12)}`),
  );
  const select = page.getByRole('article').first().getByRole('button', { name: 'Select' });
  await tabTo(page, select, { max: 120 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/Booking\/FlightConfirm/);
  // A new page: the keyboard starts at its heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Flight confirmation' })).toBeFocused();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();

  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  const title = passenger.getByLabel('Title');
  await tabTo(page, title);
  await page.keyboard.press('ArrowDown');
  await expect(title).not.toHaveValue('');
  const gender = passenger.getByLabel('Gender');
  await tabTo(page, gender);
  await page.keyboard.press('ArrowDown');
  await expect(gender).not.toHaveValue('');
  await tabTo(page, passenger.getByLabel(/^First name/));
  await page.keyboard.type('Sita');
  await tabTo(page, passenger.getByLabel(/^Last name/));
  await page.keyboard.type('Tamang');

  const hold = page.getByRole('button', { name: 'Hold seats and continue to payment' });
  await tabTo(page, hold);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/Booking\/BookingConfirm\?pnr=[A-Z2-9]{6}/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmation' })).toBeFocused();
  await expect(page.getByTestId('booking-status')).toHaveText('Held, awaiting payment');

  // Choosing a payment option: Tab into the group, Space to choose.
  const esewa = page.getByRole('radio', { name: 'eSewa' });
  await tabTo(page, page.getByRole('radio').first());
  for (let press = 0; press < 4 && !(await isFocused(esewa)); press++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(esewa).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: /^Pay NPR/ }));
});

test('a form that fails takes the keyboard to the first field to fix', async ({ page }) => {
  await logInByKeyboard(page, 'customer@sajilo.example');
  await expect(page.getByRole('button', { name: 'Sita Tamang' })).toBeVisible();
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=BIR&date=${inDays(8)}&adults=1&nat=NP`);
  await tabTo(page, page.getByRole('article').first().getByRole('button', { name: 'Select' }), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Hold seats and continue to payment' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: /^Passenger 1:/ }).getByLabel('Title')).toBeFocused();
});

test('the profile menu works with the arrow keys and Escape, and the commission modal returns the focus', async ({
  page,
}) => {
  await logInByKeyboard(page, 'agent@sajilo.example');
  const profile = page.getByRole('button', { name: 'Bikash Gurung' });
  await expect(profile).toBeVisible();
  await tabTo(page, profile);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My Bookings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My Tickets' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(profile).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My Bookings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Set Commission' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Set Commission' });
  await expect(dialog).toBeVisible();
  // The modal keeps the focus inside it.
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press('Tab');
    expect(await focusStaysIn(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(profile).toBeFocused();
});

test('the global confirm modal keeps the focus and gives it back when it closes', async ({ page }) => {
  await page.goto('/flight-search');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const sort = page.getByRole('heading', { level: 1, name: 'Flight search' });
  await expect(sort).toBeVisible();
  // Open the modal from the store, as the app does, with a confirm and a cancel button.
  await openStoredModal(page, {
    title: 'Leave?',
    content: '<p>Sure?</p>',
    confirmText: 'Yes',
    cancelText: 'No',
  });
  const dialog = page.getByRole('dialog', { name: 'Leave?' });
  await expect(dialog).toBeVisible();
  for (let press = 0; press < 4; press++) {
    await page.keyboard.press('Tab');
    expect(await focusStaysIn(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'No' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
});

test('the skip link takes the keyboard to the main content, and focus is always visible', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The next stop is inside the main content, not the header.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).not.toBe('none');
});

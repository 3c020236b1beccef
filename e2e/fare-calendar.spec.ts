import { expect, test } from '@playwright/test';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

test('the fare calendar shows a month of lowest fares with Bikram Sambat dates, and a day runs its search', async ({
  page,
}) => {
  const day = inDays(3);
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${day}&adults=2&nat=NP`);
  await page.getByRole('link', { name: /Fare calendar/ }).click();
  await expect(page).toHaveURL(/\/fare-calendar\?.*from=KTM&to=PKR/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fare calendar' })).toBeVisible();
  const calendar = page.getByRole('table', { name: /Lowest fares from KTM to PKR/ });
  await expect(calendar).toBeVisible();
  await expect(page.locator('#calendar-month')).toContainText(/BS: \S+ 20\d\d/);

  const days = calendar.getByRole('button');
  const monthLength = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0).getDate();
  await expect(days).toHaveCount(monthLength);
  // Each day names its AD and BS dates and its lowest fare in NPR (lakh grouping).
  const chosenDay = calendar.getByRole('button', {
    // The weekday before it: day 1 must not also find days 11, 21 and 31.
    name: new RegExp(`[A-Z][a-z]{2}, ${Number(day.slice(8))} \\w+ ${day.slice(0, 4)}, BS`),
  });
  await expect(chosenDay).toHaveAccessibleName(/BS \d+ \S+, NPR [\d,]+/);
  await expect(calendar.getByRole('button', { name: /cheapest day of the month/ }).first()).toBeVisible();

  await chosenDay.click();
  await expect(page).toHaveURL(
    new RegExp(`/flight-search\\?trip=oneway&from=KTM&to=PKR&date=${day}&adults=2`),
  );
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('the fare calendar moves by month and by day with the keyboard', async ({ page }) => {
  const month = inDays(0).slice(0, 7);
  await page.goto(`/fare-calendar?from=KTM&to=PKR&month=${month}&adults=1&nat=NP`);
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next month' }).click();
  const next = new Date(`${month}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  await expect(page).toHaveURL(new RegExp(`month=${next.toISOString().slice(0, 7)}`));

  const calendar = page.getByRole('table');
  const first = calendar.getByRole('button').first();
  await expect(first).toHaveAccessibleName(/, NPR [\d,]+|No flights/);
  // One tab stop for the whole grid; the arrows move within it.
  const focusable = calendar.locator('button[tabindex="0"]');
  await expect(focusable).toHaveCount(1);
  await focusable.focus();
  const start = await focusable.textContent();
  await page.keyboard.press('ArrowRight');
  const moved = page.locator(':focus');
  expect(await moved.textContent()).not.toBe(start);
  await page.keyboard.press('ArrowLeft');
  expect(await page.locator(':focus').textContent()).toBe(start);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/flight-search\?trip=oneway&from=KTM&to=PKR/);
});

test('the fare calendar asks for a route first and says what is missing', async ({ page }) => {
  await page.goto('/fare-calendar');
  await page.getByRole('button', { name: 'Show fares' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose where you fly from.');
  await page.getByRole('combobox', { name: 'From' }).fill('kath');
  await page.getByRole('option', { name: /KTM/ }).first().click();
  await page.getByRole('combobox', { name: 'To' }).fill('bhair');
  await page.getByRole('option', { name: /BWA/ }).first().click();
  await page.getByRole('button', { name: 'Show fares' }).click();
  await expect(page).toHaveURL(/from=KTM&to=BWA/);
  await expect(page.getByRole('table', { name: /Lowest fares from KTM to BWA/ })).toBeVisible();
});

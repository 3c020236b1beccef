import { expect, type Page, test } from '@playwright/test';

/** Tomorrow in Nepal, as the date input wants it. */
function inDays(days: number): string {
  const nepal = new Date(Date.now() + (5 * 60 + 45) * 60_000);
  nepal.setUTCDate(nepal.getUTCDate() + days);
  return nepal.toISOString().slice(0, 10);
}

async function pickAirport(page: Page, label: string, typed: string, code: string) {
  await page.getByRole('combobox', { name: label }).first().fill(typed);
  await page
    .getByRole('option', { name: new RegExp(code) })
    .first()
    .click();
}

test('a traveller searches KTM→PKR from the home page and sees priced flights in NPR', async ({ page }) => {
  await page.goto('/');
  await pickAirport(page, 'From', 'kathmandu', 'KTM');
  await pickAirport(page, 'To', 'pok', 'PKR');
  await page.getByLabel('Departure date').fill(inDays(1));
  await expect(page.getByText(/^BS: \d+ \S+ 20\d\d$/)).toBeVisible();
  await page.getByRole('button', { name: 'Search flights' }).click();

  await expect(page).toHaveURL(/\/flight-search\?trip=oneway&from=KTM&to=PKR/);
  const offers = page.getByRole('article');
  await expect(offers.first()).toBeVisible();
  expect(await offers.count()).toBeGreaterThan(2);
  await expect(offers.first()).toContainText(/NPR [\d,]+/);
  await expect(page.getByRole('navigation', { name: 'Prices on nearby dates' })).toBeVisible();

  await page.getByLabel('Sort by').selectOption('earliest');
  await expect(page).toHaveURL(/sort=earliest/);
  const early = page.getByRole('checkbox', { name: 'Before 06:00' });
  // On a phone the filters start folded away, below the flights' summary.
  if (!(await early.isVisible())) await page.getByText('Filters', { exact: true }).click();
  await early.click();
  await expect(page).toHaveURL(/dep=early/);
  await expect(early).toBeChecked();
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('earliest');
  if (!(await early.isVisible())) await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await offers.first().getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/Booking\/FlightConfirm/);
});

test('a foreign national sees USD fares', async ({ page }) => {
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(2)}&adults=1&nat=US`);
  await expect(page.getByRole('article').first()).toContainText(/\$\d+/);
});

test('a round trip picks the outbound flight, then the return', async ({ page }) => {
  await page.goto(
    `/flight-search?trip=roundtrip&from=KTM&to=PKR&date=${inDays(3)}&ret=${inDays(6)}&adults=1&nat=NP`,
  );
  await expect(page.getByRole('heading', { name: /KTM to PKR/ })).toBeVisible();
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/step=1/);
  await expect(page.getByRole('heading', { name: /PKR to KTM/ })).toBeVisible();
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/Booking\/FlightConfirm/);
});

test('bad search input says what is wrong beside the field', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search flights' }).click();
  await expect(page.getByText('Choose where you fly from.')).toBeVisible();
  await expect(page.getByText('Choose a departure date.')).toBeVisible();
});

test('KTM to London offers itineraries through a hub', async ({ page }) => {
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=LHR&date=${inDays(10)}&adults=1&nat=NP`);
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await expect(first).toContainText(/stop via (DOH|DXB|IST|KUL|DEL)/);
});

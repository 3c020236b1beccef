import { expect, type Page, test } from '@playwright/test';
import { shownDate } from './helpers';

/** A date in Nepal, `days` from today (ISO: the date fields read it as typed). */
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

  // The cheapest, best and fastest tabs say what their first flight costs and takes.
  const tabFigures = async (sort: string) =>
    ((await page.getByTestId(`sort-${sort}`).textContent()) ?? '').split(' · ');
  await expect(page.getByTestId('sort-cheapest')).toHaveText(/^NPR [\d,.]+ · \S/);
  const [cheapest = ''] = await tabFigures('cheapest');
  await expect(page.getByRole('radio', { name: /^Cheapest/ })).toBeChecked();
  await expect(offers.first()).toContainText(cheapest);
  await page.getByText('Fastest', { exact: true }).click();
  await expect(page).toHaveURL(/sort=fastest/);
  const [fastestPrice = '', fastestTime = ''] = await tabFigures('fastest');
  await expect(offers.first()).toContainText(fastestPrice);
  await expect(offers.first()).toContainText(fastestTime);
  await page.getByText('Best', { exact: true }).click();
  await expect(page).toHaveURL(/sort=best/);
  await expect(offers.first()).toContainText((await tabFigures('best'))[0] ?? '');

  await page.getByText('Earliest', { exact: true }).click();
  await expect(page).toHaveURL(/sort=earliest/);
  const early = page.getByRole('checkbox', { name: 'Before 06:00' });
  // On a phone the filters start folded away, below the flights' summary.
  if (!(await early.isVisible())) await page.getByText('Filters', { exact: true }).click();
  // Each filter choice says how many flights it would show.
  const buddha = page.getByRole('checkbox', { name: /^Buddha Air \(\d+\)$/ });
  const shown = Number(
    (await page.locator('label', { has: buddha }).textContent())?.match(/\((\d+)\)/)?.[1] ?? Number.NaN,
  );
  expect(shown).toBeGreaterThan(0);
  await buddha.click();
  await expect(page).toHaveURL(/airlines=U4/);
  await expect(page.getByText(new RegExp(`^${shown} flights?$`))).toBeVisible();
  await expect(offers).toHaveCount(Math.min(shown, 10));
  await buddha.click();
  await expect(page).not.toHaveURL(/airlines=/);
  await early.click();
  await expect(page).toHaveURL(/dep=early/);
  await expect(early).toBeChecked();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Earliest' })).toBeChecked();
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

test('bad search input says what is wrong beside the field, and the message goes once it is fixed', async ({
  page,
}) => {
  await page.goto('/');
  // The home page starts on tomorrow in Nepal (docs/web.md#the-search-form-and-search-links).
  const departure = page.getByLabel('Departure date');
  await expect(departure).toHaveValue(shownDate(inDays(1)));
  await departure.fill('');
  await page.getByRole('button', { name: 'Search flights' }).click();
  await expect(page.getByText('Choose where you fly from.')).toBeVisible();
  await expect(page.getByText('Choose a departure date.')).toBeVisible();
  await departure.fill(inDays(4));
  await expect(page.getByText('Choose a departure date.')).toBeHidden();
  await expect(page.getByText('Choose where you fly from.')).toBeVisible();
});

test('the return, and each next multi-city flight, follow the departure date', async ({ page }) => {
  await page.goto('/');
  await page.getByText('Round trip', { exact: true }).click();
  await expect(page.getByLabel('Return date')).toHaveValue(shownDate(inDays(3)));
  await page.getByLabel('Departure date').fill(inDays(5));
  await expect(page.getByLabel('Return date')).toHaveValue(shownDate(inDays(7)));
  await page.getByText('Multi-city', { exact: true }).click();
  const dates = page.getByLabel('Departure date');
  await expect(dates.nth(0)).toHaveValue(shownDate(inDays(5)));
  await expect(dates.nth(1)).toHaveValue(shownDate(inDays(7)));
});

for (const [mistake, link, message] of [
  ['a past date', `from=KTM&to=PKR&date=${inDays(-2)}&adults=1`, 'Choose today or a later date.'],
  [
    'the same airport twice',
    `from=KTM&to=KTM&date=${inDays(2)}&adults=1`,
    'Choose a destination different from the departure.',
  ],
  [
    'ten adults',
    `from=KTM&to=PKR&date=${inDays(2)}&adults=10`,
    'At most 9 adults and children can travel on one booking.',
  ],
  [
    'more infants than adults',
    `from=KTM&to=PKR&date=${inDays(2)}&adults=1&infants=2`,
    'Each infant travels on an adult’s lap: add an adult.',
  ],
] as const) {
  test(`a search link with ${mistake} shows the form's message and searches nothing`, async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/flights/search')) searches.push(request.url());
    });
    await page.goto(`/flight-search?trip=oneway&${link}&nat=NP`);
    await expect(page.getByText(message)).toBeVisible();
    // The link is shown as it was written, not changed into another search.
    expect(new URL(page.url()).search).toBe(`?trip=oneway&${link}&nat=NP`);
    await expect(page.getByRole('article')).toHaveCount(0);
    expect(searches).toEqual([]);
  });
}

test('KTM to London offers itineraries through a hub', async ({ page }) => {
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=LHR&date=${inDays(10)}&adults=1&nat=NP`);
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await expect(first).toContainText(/stop via (DOH|DXB|IST|KUL|DEL)/);
});

test('the home page offers the searches made on this device again, newest first, one per trip', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Your recent searches' })).toHaveCount(0);
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(3)}&adults=1&nat=NP`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=BIR&date=${inDays(4)}&adults=2&nat=NP`);
  await expect(page.getByRole('article').first()).toBeVisible();
  // The same trip on another day replaces the first.
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(5)}&adults=1&nat=NP`);
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.goto('/');
  const recent = page.getByRole('navigation', { name: 'Your recent searches' });
  const links = recent.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toContainText('KTM → PKR');
  await expect(links.first()).toContainText('1 traveller');
  await expect(links.nth(1)).toContainText('KTM → BIR');
  await expect(links.nth(1)).toContainText('2 travellers');
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`/flight-search\\?trip=oneway&from=KTM&to=PKR&date=${inDays(5)}`));
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('a day with no flights offers the nearest days that have some, with their fares', async ({ page }) => {
  // Buddha Air flies Kathmandu–Rajbiraj on Tuesdays, Thursdays and Saturdays only (the demo schedule).
  let days = 3;
  while (![1, 3, 5, 0].includes(new Date(`${inDays(days)}T00:00:00Z`).getUTCDay())) days++;
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=RJB&date=${inDays(days)}&adults=1&nat=NP`);
  await expect(page.getByText('No flights on this date.')).toBeVisible();
  const nearest = page.getByRole('list', { name: 'The nearest dates with flights' }).getByRole('button');
  await expect(nearest.first()).toContainText(/: from NPR [\d,]+/);
  const count = await nearest.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(3);
  await nearest.first().click();
  await expect(page).not.toHaveURL(new RegExp(`date=${inDays(days)}`));
  await expect(page.getByRole('article').first()).toContainText(/NPR/);
});

import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

/** A day in Nepal this many days ahead, as the search link wants it. */
const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

test('each flight shows once with its fare families, and choosing one books that family', async ({
  page,
  request,
}) => {
  const date = inDays(4);
  const answer = await request.post('/api/b2b/v2/flights/search', {
    data: { depart_code: 'KTM', dest_code: 'PKR', depart_date: date, user_type: 'customer' },
  });
  const offers = (await answer.json()).data.legs[0].offers as {
    segments: { flight_number: string; depart_at: string }[];
  }[];
  const realFlights = new Set(offers.map((o) => o.segments.map((s) => s.flight_number + s.depart_at).join()));
  expect(realFlights.size).toBeLessThan(offers.length);

  await logIn(page, 'individual@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${date}&adults=1&nat=NP`);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // The count is of flights, not of fares.
  await expect(page.getByRole('heading', { name: /KTM to PKR/ })).toContainText(
    `${realFlights.size} flights`,
  );

  // No flight is drawn twice: its flight number and departure time appear on one card only.
  const shown = await cards.evaluateAll((articles) =>
    articles.map(
      (article) =>
        `${article.querySelector('h3 + p')?.textContent} ${article.textContent?.match(/\d\d:\d\d/)?.[0]}`,
    ),
  );
  expect(new Set(shown).size).toBe(shown.length);

  const card = cards.filter({ has: page.getByRole('radio').nth(1) }).first();
  const families = card.getByRole('radio');
  expect(await families.count()).toBeGreaterThan(1);
  await expect(families.first()).toBeChecked();
  await expect(card).toContainText(/from\s*NPR [\d,]+/);

  // A dearer family than the one chosen at first.
  const dearer = families.nth(1);
  const offerId = await dearer.inputValue();
  // The family's name is the first line of its option.
  const family = await dearer.evaluate(
    (input) => input.closest('label')?.querySelector('.font-semibold')?.textContent ?? '',
  );
  expect(family).not.toBe('');
  await dearer.check();
  await expect(dearer).toBeChecked();
  await expect(card.getByRole('button', { name: `Select · ${family}` })).toBeVisible();
  await card.getByRole('button', { name: 'Select' }).click();

  await expect(page).toHaveURL(/\/Booking\/FlightConfirm/);
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  await expect(page.getByText(new RegExp(`^${family} · Baggage`))).toBeVisible();
  const chosen = await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('SajiloTravelsState') ?? '{}');
    return saved.state?.flight?.selectedOffers?.[0]?.id;
  });
  expect(chosen).toBe(offerId);
});

test('a flight card and its families fit a phone 320 to 375 px wide', async ({ page }) => {
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(5)}&adults=1&nat=NP`);
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const width of [320, 360, 375]) {
    await page.setViewportSize({ width, height: 740 });
    const overflowing = await page.getByRole('article').evaluateAll((articles) =>
      articles
        .filter((article) => {
          const box = article.getBoundingClientRect();
          return (
            box.left < 0 ||
            box.right > document.documentElement.clientWidth ||
            article.scrollWidth > article.clientWidth
          );
        })
        .map((article) => article.querySelector('h3')?.textContent),
    );
    expect(overflowing, `cards wider than ${width} px`).toEqual([]);
    const price = page
      .getByRole('article')
      .first()
      .getByText(/^NPR [\d,.]+$/)
      .first();
    // The "from" price sits on the card's first row: beside the times, or above them on a phone.
    const priceBox = await price.boundingBox();
    const timeBox = await page
      .getByRole('article')
      .first()
      .getByText(/^\d\d:\d\d$/)
      .first()
      .boundingBox();
    expect(priceBox && timeBox && priceBox.y < timeBox.y + timeBox.height).toBe(true);
  }
});

test('each fare family shows its baggage kilograms and its cancel and change fees from its conditions', async ({
  page,
  request,
}) => {
  const date = inDays(6);
  const answer = await request.post('/api/b2b/v2/flights/search', {
    data: { depart_code: 'KTM', dest_code: 'PKR', depart_date: date, user_type: 'customer' },
  });
  type Fee = { percent: number };
  type Rule = { allowed: boolean; tiers: { hours_before_departure: number; fee: Fee }[] };
  const flights = (await answer.json()).data.legs[0].flights as {
    families: {
      offer_id: string;
      conditions: { refund: Rule; change: Rule; baggage: { checked_kg: number; cabin_kg: number } };
    }[];
  }[];
  const families = flights.slice(0, 3).flatMap((f) => f.families);
  expect(families.length).toBeGreaterThan(1);

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${date}&adults=1&nat=NP`);
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const { offer_id, conditions } of families) {
    const option = page.locator('label', { has: page.locator(`input[value="${offer_id}"]`) });
    const { checked_kg, cabin_kg } = conditions.baggage;
    await expect(option.getByTestId('family-baggage')).toHaveText(
      `Baggage: ${checked_kg} kg${cabin_kg > 0 ? ` + ${cabin_kg} kg hand` : ''}`,
    );
    const cancelFee = conditions.refund.tiers[0]?.fee.percent ?? 100;
    await expect(option.getByTestId('family-cancel')).toHaveText(
      cancelFee < 100 ? `Cancel: ${cancelFee} % fee` : 'Non-refundable',
    );
    const changeFee = conditions.change.tiers[0]?.fee.percent;
    await expect(option.getByTestId('family-change')).toHaveText(
      changeFee === undefined ? 'No date changes' : `Date change: ${changeFee} % fee`,
    );
  }
});

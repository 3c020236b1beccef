import { expect, test } from '@playwright/test';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/**
 * With an outside supplier configured (played here by rewriting the brand's public configuration
 * and slowing the full answer, as Duffel's seconds would), the results show the house offers at
 * once with a progress line, and the full answer when it comes.
 */
test('the house offers show at once while the outside suppliers are still being asked', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/flight-search',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('"suppliers":["house"]', '"suppliers":["house","duffel"]');
      await route.fulfill({ response, body: html });
    },
  );
  let releaseFull: () => void = () => {};
  const fullAsked = new Promise<void>((resolve) => {
    releaseFull = resolve;
  });
  const asked: string[] = [];
  await page.route('**/api/b2b/v2/flights/search', async (route) => {
    const body = route.request().postDataJSON() as { suppliers?: string[] };
    asked.push(body.suppliers?.join(',') ?? 'all');
    if (body.suppliers) return route.continue();
    const response = await route.fetch();
    await fullAsked;
    return route.fulfill({ response });
  });

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(8)}&adults=1&nat=NP`);
  const progress = page.getByTestId('more-suppliers');
  // The first search of a fresh server on a busy machine may take seconds.
  await expect(progress).toHaveText('Asking more airlines for their fares…', { timeout: 20_000 });
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(asked.sort()).toEqual(['all', 'house']);

  releaseFull();
  await expect(progress).toBeHidden();
  await expect(page.getByRole('article').first()).toBeVisible();
});

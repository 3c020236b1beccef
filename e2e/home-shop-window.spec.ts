import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../shared/src/format-money';
import { expectNoSeriousViolation, inDays } from './helpers';

/**
 * The home page as the brand's shop window (docs/web.md#the-search-form-and-search-links): real banners,
 * popular routes with the API's live "from" fares, the Everest mountain flight and the payment partners, on a
 * desktop and at a phone's width.
 */
interface PopularRoutes {
  currency: 'NPR' | 'USD';
  routes: { depart_code: string; dest_code: string; lowest_total: number | null }[];
  mountain_flight: { lowest_total: number | null };
}

async function popularRoutes(page: Page): Promise<PopularRoutes> {
  const response = await page.request.get('/api/b2b/v2/flights/popular-routes?nationality_code=NP');
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

for (const width of [1280, 360]) {
  test.describe(`home shop window at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('banners without placeholders, live route fares, the Everest flight and the payment partners', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The brand's artwork: no "Offer N" placeholder in any banner the site config names.
      const config = (await (await page.request.get('/api/b2b/v2/site-config')).json()).data;
      const banners = [
        config.banners.home,
        ...config.banners.side,
        config.banners.bookingTop.large,
        config.banners.bookingTop.small,
        config.banners.bookingBottom.large,
        config.banners.bookingBottom.small,
      ];
      for (const banner of banners) {
        const svg = await (await page.request.get(`${config.s3Url}${banner}`)).text();
        expect(svg, banner).toContain('<svg');
        expect(svg, banner).not.toMatch(/Offer/i);
      }

      const fares = await popularRoutes(page);
      const routes = page.getByRole('region', { name: 'Popular flights from Kathmandu' });
      await expect(routes.getByRole('link')).toHaveCount(fares.routes.length);
      for (const route of fares.routes) {
        expect(route.lowest_total, route.dest_code).not.toBeNull();
        const link = routes.getByRole('link', {
          name: new RegExp(`${route.depart_code}–${route.dest_code}`),
        });
        await expect(link).toContainText(`from ${formatMoney(route.lowest_total ?? 0, fares.currency)}`);
        await expect(link).toContainText('NPR');
      }

      const everest = page.getByRole('region', { name: 'Everest mountain flight' });
      await expect(everest).toContainText('window seat for everyone');
      await expect(everest).toContainText('9801234567');
      await expect(everest.getByRole('link')).toContainText(
        `from ${formatMoney(fares.mountain_flight.lowest_total ?? 0, fares.currency)}`,
      );

      const trust = page.getByRole('region', { name: 'Pay the way you like' });
      for (const partner of ['eSewa', 'Khalti', 'ConnectIPS']) await expect(trust).toContainText(partner);
      await expect(trust).toContainText('IATA-accredited agency');

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousViolation(page, `home ${width}`);

      // Following a route runs its search for tomorrow.
      await routes.getByRole('link', { name: /KTM–PKR/ }).click();
      await expect(page).toHaveURL(new RegExp(`/flight-search\\?.*from=KTM.*to=PKR.*date=${inDays(1)}`));
      await expect(page.getByRole('button', { name: /^Select/ }).first()).toBeVisible({ timeout: 20_000 });
    });
  });
}

test('the bank brand shows no IATA mark and its shop window is axe-clean in the dark theme', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const port = process.env.E2E_PORT ?? 3100;
  await page.goto(`http://globalime.localhost:${port}/`);
  const trust = page.getByRole('region', { name: 'Pay the way you like' });
  await expect(trust).toContainText('ConnectIPS');
  await expect(trust).not.toContainText('IATA');
  await expect(
    page.getByRole('region', { name: 'Popular flights from Kathmandu' }).getByRole('link').first(),
  ).toContainText('from NPR');
  await expectNoSeriousViolation(page, 'bank home dark');
});

test('the Everest mountain flight links to the mountain flights Tikat sells tomorrow', async ({ page }) => {
  await page.goto('/');
  const everest = page.getByRole('region', { name: 'Everest mountain flight' });
  await everest.getByRole('link', { name: /mountain flights/ }).click();
  await expect(page).toHaveURL(new RegExp(`/flight-search\\?.*from=KTM.*to=MTN.*date=${inDays(1)}`));
  await expect(page.getByRole('button', { name: /^Select/ }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('article').first()).toContainText('1h 00m');
});

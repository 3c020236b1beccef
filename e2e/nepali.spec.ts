import { expect, test } from '@playwright/test';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/** In Nepali every string is Nepali, and money, dates and digits are written in Devanagari. */
test('the results and the fare calendar in Nepali', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(2)}&adults=1&nat=NP`);
  const offer = page.getByRole('article').first();
  await expect(offer).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('उडान खोज');
  // Money, times and durations with Devanagari digits (money lakh-grouped).
  await expect(offer).toContainText(/NPR [०-९,.]+/);
  await expect(offer).toContainText(/[०-९]{2}:[०-९]{2}/);
  await expect(offer).toContainText(/[०-९]+ मिनेट/);
  await expect(page.getByText(/^[०-९]+ उडान/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'नजिकका मितिका मूल्य' })).toContainText(/[०-९]/);
  await expect(page.getByRole('button', { name: /छान्नुहोस्/ }).first()).toBeVisible();

  await page.goto(`/fare-calendar?from=KTM&to=PKR&month=${inDays(1).slice(0, 7)}&adults=1&nat=NP`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('भाडा पात्रो');
  const calendar = page.getByRole('table');
  await expect(calendar.getByRole('columnheader').first()).toHaveText('आइत');
  await expect(calendar.getByRole('button').first()).toHaveAccessibleName(/[०-९]/);
  // What the cells show (the text only screen readers get is left out).
  const visibleText = await calendar.locator('tbody').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return copy.textContent ?? '';
  });
  expect(visibleText).not.toMatch(/[0-9]/);
  expect(visibleText).not.toMatch(/[A-Za-z]{3,}/);
});

test("the API's errors read in Nepali", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await page.goto('/auth/login');
  await page.getByLabel('इमेल वा मोबाइल नम्बर').fill('agent@sajilo.example');
  await page.getByLabel('पासवर्ड').fill('not the password');
  await page.getByRole('button', { name: 'लग इन' }).last().click();
  await expect(page.getByRole('alert')).toHaveText('इमेल, मोबाइल नम्बर वा पासवर्ड मिलेन।');
});

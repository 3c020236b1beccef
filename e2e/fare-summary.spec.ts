import { expect, test } from '@playwright/test';
import { inDays, logIn } from './helpers';

/**
 * The fare summary adds up: one person's receipt lines sum to the per-person line, that line times
 * the travellers of the type is the type's line, and the total says for how many travellers it is
 * (docs/web.md, the booking pages), in English and in Nepali.
 */
/** "NPR 5,123.50" or "रु ५,१२३.५०" → paisa. */
const paisa = (text: string) => {
  const latin = text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
  const match = latin.match(/([\d,]+)(?:\.(\d{1,2}))?/);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]?.replace(/,/g, '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
};

test('two adults: per-person lines, the adults’ line, and a total for 2 travellers that add up', async ({
  page,
}) => {
  await logIn(page, 'customer@sajilo.example');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(9)}&adults=2&nat=NP`);
  await page.getByRole('article').first().getByRole('button', { name: 'Select' }).click();
  await expect(page.getByText('Price and seats confirmed.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Fare summary' });
  await expect(summary.getByText('Adult, per person')).toBeVisible();
  const perPerson = paisa((await summary.getByTestId('per-person-adult').textContent()) ?? '');
  let lines = 0;
  for (const line of await summary.locator('[data-testid^="receipt-"]').all())
    lines += paisa((await line.locator('dd').textContent()) ?? '');
  expect(lines).toBe(perPerson);
  await expect(summary.getByText('Adult × 2')).toBeVisible();
  const adults = paisa((await summary.getByTestId('subtotal-adult').textContent()) ?? '');
  expect(adults).toBe(perPerson * 2);
  await expect(summary.getByTestId('booking-total-label')).toHaveText('Total for 2 travellers');
  expect(paisa((await summary.getByTestId('booking-total').textContent()) ?? '')).toBe(adults);

  await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByTestId('booking-total-label')).toHaveText('२ यात्रीको जम्मा');
});

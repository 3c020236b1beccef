import { z } from 'zod';

export const currencyCode = z.enum(['NPR', 'USD']);
export type CurrencyCode = z.infer<typeof currencyCode>;

/** An amount of money: an integer in the currency's minor unit (paisa, cents). */
export const money = z.object({
  amount: z.number().int().describe('Integer in minor units (paisa for NPR, cents for USD)'),
  currency: currencyCode,
});
export type Money = z.infer<typeof money>;

const MINOR_UNITS_PER_MAJOR: Record<CurrencyCode, number> = { NPR: 100, USD: 100 };

/**
 * Money as people in Nepal read it: lakh grouping for NPR ("NPR 1,23,456"), Devanagari digits in
 * Nepali ("नेरू १,२३,४५६"); whole amounts without decimals.
 */
export function formatMoney(
  amountMinor: number,
  currency: CurrencyCode,
  language: 'en' | 'ne' = 'en',
): string {
  const perMajor = MINOR_UNITS_PER_MAJOR[currency];
  const whole = amountMinor % perMajor === 0;
  const locale = language === 'ne' ? 'ne-NP' : currency === 'NPR' ? 'en-IN' : 'en-US';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'NPR' ? 'code' : 'symbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })
    .format(amountMinor / perMajor)
    .replace(/\u00a0/g, ' ');
}

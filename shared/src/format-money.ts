/* No zod here: the web app imports this at run time and keeps zod out of its page chunks. */
import { toDevanagariDigits } from './bikram-sambat';

export type CurrencyCode = 'NPR' | 'USD';

const MINOR_UNITS_PER_MAJOR: Record<CurrencyCode, number> = { NPR: 100, USD: 100 };

/**
 * Money as people in Nepal read it: lakh grouping for NPR ("NPR 1,23,456"), Devanagari digits in
 * Nepali ("NPR १,२३,४५६"); whole amounts without decimals. The digits are converted here rather
 * than by the ne-NP locale, which browsers ship with Latin digits or not at all.
 */
export function formatMoney(
  amountMinor: number,
  currency: CurrencyCode,
  language: 'en' | 'ne' = 'en',
): string {
  return format(amountMinor, currency, language, true);
}

/**
 * The amount alone, by the same rule ("4,500", "4,500.50"), where the currency is said once
 * beside it (a calendar's legend): one rounding everywhere (issue 19).
 */
export function formatAmount(
  amountMinor: number,
  currency: CurrencyCode,
  language: 'en' | 'ne' = 'en',
): string {
  return format(amountMinor, currency, language, false);
}

/** Paisa (cents) only where they are not zero; never rounded away. */
function format(amountMinor: number, currency: CurrencyCode, language: 'en' | 'ne', withCurrency: boolean) {
  const perMajor = MINOR_UNITS_PER_MAJOR[currency];
  const whole = amountMinor % perMajor === 0;
  const locale = currency === 'NPR' ? 'en-IN' : 'en-US';
  const text = new Intl.NumberFormat(locale, {
    ...(withCurrency
      ? { style: 'currency', currency, currencyDisplay: currency === 'NPR' ? 'code' : 'symbol' }
      : {}),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })
    .format(amountMinor / perMajor)
    .replace(/\u00a0/g, ' ');
  return language === 'ne' ? toDevanagariDigits(text) : text;
}

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
 * beside it (a calendar's legend): one rounding everywhere
 * (docs/web.md#messages-toasts-money-and-connections).
 */
export function formatAmount(
  amountMinor: number,
  currency: CurrencyCode,
  language: 'en' | 'ne' = 'en',
): string {
  return format(amountMinor, currency, language, false);
}

/**
 * Paisa (cents) only where they are not zero; never rounded away. Written by hand with integers,
 * exactly as en-IN (NPR, currency as its code) and en-US (USD, as "$") format: the first
 * Intl.NumberFormat with a currency loads ICU's number data, about 0.1 s of a phone's main thread
 * while a page first renders (shared/src/money.test.ts holds it to Intl's output).
 */
function format(amountMinor: number, currency: CurrencyCode, language: 'en' | 'ne', withCurrency: boolean) {
  const perMajor = MINOR_UNITS_PER_MAJOR[currency];
  const magnitude = Math.abs(amountMinor);
  const major = Math.floor(magnitude / perMajor);
  const minor = magnitude % perMajor;
  const digits =
    groupDigits(String(major), currency === 'NPR') +
    (minor === 0 ? '' : `.${String(minor).padStart(2, '0')}`);
  const label = withCurrency ? (currency === 'NPR' ? 'NPR ' : '$') : '';
  const text = `${amountMinor < 0 ? '-' : ''}${label}${digits}`;
  return language === 'ne' ? toDevanagariDigits(text) : text;
}

/** Thousands, then (in lakhs and crores, as India and Nepal write) every two digits above them. */
function groupDigits(whole: string, lakhs: boolean): string {
  if (whole.length <= 3) return whole;
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const size = lakhs ? 2 : 3;
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= size) groups.unshift(rest.slice(Math.max(0, end - size), end));
  return `${groups.join(',')},${lastThree}`;
}

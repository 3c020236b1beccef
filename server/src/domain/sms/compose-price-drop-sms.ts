import { adToBs, formatBsDate } from '#shared/bikram-sambat';
import { type CurrencyCode, formatMoney } from '#shared/format-money';
import type { SmsLanguage } from '../../db/schema/index';

/** What a price alert's SMS says: the route, the new lowest fare and its date, and the results' link. */
export interface PriceDropSmsFacts {
  language: SmsLanguage;
  /** The brand's short name, first in every message (cut to 20 characters). */
  brandName: string;
  origin: string;
  destination: string;
  currency: CurrencyCode;
  /** The new lowest one-adult fare and the one the user last saw (minor units). */
  lowest: number;
  previous: number;
  /** The departure date of the lowest fare (`2026-05-01`). */
  date: string;
  /** The brand's results page for that date: a public search, no sign-in, no secret. */
  link: string;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `1 May`; in Nepali the Bikram Sambat day and month in Devanagari (`१८ वैशाख`). */
function smsDate(date: string, language: SmsLanguage): string {
  if (language === 'ne') {
    const bs = adToBs(date);
    if (bs) return formatBsDate(bs, 'ne').replace(/ [०-९]+$/, '');
  }
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${EN_MONTHS[(month ?? 1) - 1]}`;
}

/**
 * The text of a price alert's SMS in the user's language (docs/accounts.md#price-alerts): the brand, the
 * route, the new lowest fare with its date and the one before, and the link to that day's results
 * (English in GSM-7 within two parts; Nepali in Unicode within three, the link kept as it is).
 */
export function composePriceDropSms(facts: PriceDropSmsFacts): string {
  const brand = facts.brandName.trim().slice(0, 20);
  const route = `${facts.origin}-${facts.destination}`;
  const date = smsDate(facts.date, facts.language);
  if (facts.language === 'ne') {
    const money = (amount: number) => formatMoney(amount, facts.currency, 'ne');
    return `${brand}: ${route} भाडा घट्यो: ${money(facts.lowest)} (${date}), पहिले ${money(facts.previous)}। ${facts.link}`;
  }
  const money = (amount: number) => formatMoney(amount, facts.currency);
  return `${brand}: Fare drop ${route}: ${money(facts.lowest)} on ${date}, was ${money(facts.previous)}. See flights: ${facts.link}`;
}

/* No zod here: the web app imports this at run time. */
import { type BsDate, bsMonthLength, bsToAd } from './bikram-sambat';

/** 1 = Baisakh: Shrawan, the fiscal year's first month, is the fourth. */
const SHRAWAN = 4;

/**
 * Nepal's fiscal year of a BS date, as written on documents: it starts on 1 Shrawan, so
 * 31 Asar 2083 is in `2082/83` and 1 Shrawan 2083 in `2083/84`.
 */
export function fiscalYearOf(date: BsDate): string {
  const first = date.month >= SHRAWAN ? date.year : date.year - 1;
  return `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
}

/** `2083-08-05`: a BS date as the API and the sales register write it. */
export function bsIsoDate(date: BsDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** `2083-08` → the month's first and last days in BS and AD, or null when it is not a month of the table. */
export function bsMonthRange(
  month: string,
): { firstBs: string; lastBs: string; firstAd: string; lastAd: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const monthNumber = Number(match[2]);
  const length = bsMonthLength(year, monthNumber);
  if (!length) return null;
  const first = { year, month: monthNumber, day: 1 };
  const last = { year, month: monthNumber, day: length };
  const firstAd = bsToAd(first);
  const lastAd = bsToAd(last);
  if (!firstAd || !lastAd) return null;
  return { firstBs: bsIsoDate(first), lastBs: bsIsoDate(last), firstAd, lastAd };
}

/** `2083/84-000123` (invoices) or `CN-2083/84-000007` (credit notes). */
export function taxDocumentNumber(prefix: '' | 'CN-', fiscalYear: string, sequence: number): string {
  return `${prefix}${fiscalYear}-${String(sequence).padStart(6, '0')}`;
}

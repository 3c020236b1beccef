import { adToBs, formatBsDate, toDevanagariDigits } from '#shared/bikram-sambat';
import { currentLanguage, type Language } from './i18n';

/** Today's date in Nepal ('YYYY-MM-DD'), whatever the device's time zone. */
export function todayInNepal(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one ISO date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Digits as the language writes them: Devanagari in Nepali (browsers' ne-NP data cannot be relied on). */
export function localDigits(text: string, language: Language = currentLanguage()): string {
  return language === 'ne' ? toDevanagariDigits(text) : text;
}

/** "Sat, 21 Nov 2026" (or in Nepali) for an AD date. */
export function formatAdDate(isoDate: string, language: Language): string {
  return localDigits(
    new Intl.DateTimeFormat(language === 'ne' ? 'ne-NP' : 'en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${isoDate}T00:00:00Z`)),
    language,
  );
}

/** The Bikram Sambat date beside an AD date, or '' outside the table. */
export function bsLabel(isoDate: string, language: Language): string {
  const bs = adToBs(isoDate);
  return bs ? formatBsDate(bs, language) : '';
}

/** The local time of an ISO instant with offset ("2026-11-22T06:30:00+05:45" → "06:30"). */
export function localTime(isoWithOffset: string, language: Language = currentLanguage()): string {
  return localDigits(isoWithOffset.slice(11, 16), language);
}

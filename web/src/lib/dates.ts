import { adToBs, formatBsDate, toDevanagariDigits } from '#shared/bikram-sambat';
import { currentLanguage, type Language, nepaliCalendarNames } from './i18n';

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

/**
 * An AD date: "Sat, 21 Nov 2026" in English; in Nepali in Nepali's order and words with
 * Devanagari digits, "२०२६ नोभेम्बर २१, शनि" (CLDR's ne pattern; the browsers' ne-NP data is
 * missing in some, which gave English words with Nepali digits).
 */
export function formatAdDate(isoDate: string, language: Language): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const nepali = language === 'ne' ? nepaliCalendarNames() : null;
  if (nepali)
    return toDevanagariDigits(
      `${date.getUTCFullYear()} ${nepali.months[date.getUTCMonth()]} ${date.getUTCDate()}, ${nepali.weekdays[date.getUTCDay()]}`,
    );
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A month ("2026-12"): "December 2026"; in Nepali "२०२६ डिसेम्बर". */
export function formatAdMonth(month: string, language: Language): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  const nepali = language === 'ne' ? nepaliCalendarNames() : null;
  if (nepali) return toDevanagariDigits(`${date.getUTCFullYear()} ${nepali.months[date.getUTCMonth()]}`);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
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

/**
 * The order a date field shows and reads: day/month/year in English (as Nepal writes it in
 * English), year/month/day in Nepali (Nepali's own order, as its BS dates are written), whatever
 * the browser's locale (a native date input would follow that, often mm/dd/yyyy).
 */
export function dateFieldPattern(language: Language): string {
  return language === 'ne' ? 'वर्ष/महिना/गते' : 'DD/MM/YYYY';
}

/** An ISO date as a date field shows it: "01/12/2026" in English, "२०२६/१२/०१" in Nepali. */
export function formatDateField(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-');
  if (!year || !month || !day) return '';
  return language === 'ne' ? toDevanagariDigits(`${year}/${month}/${day}`) : `${day}/${month}/${year}`;
}

/**
 * What was typed in a date field, as an ISO date, or null when it is not a real date. Devanagari
 * or Latin digits, any of / - . or space between the parts; a year written first is read as
 * year/month/day in either language (so ISO dates are always understood).
 */
export function parseDateField(text: string, language: Language): string | null {
  const latin = text.trim().replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
  const parts = latin.split(/\s*[/.\- ]\s*/);
  if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const [first, second, third] = parts as [string, string, string];
  const yearFirst = first.length === 4 || (language === 'ne' && third.length !== 4);
  const [year, month, day] = yearFirst ? [first, second, third] : [third, second, first];
  if (year.length !== 4) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

import { adToBs, formatBsDate, toDevanagariDigits } from '#shared/bikram-sambat';
import { currentLanguage, type Language, nepaliCalendarNames } from './i18n';

/** Nepal's clock: UTC+05:45 all year (no daylight saving since 1986). */
const NEPAL_UTC_OFFSET_MS = (5 * 60 + 45) * 60_000;

/**
 * Today's date in Nepal ('YYYY-MM-DD'), whatever the device's time zone. Worked out from the fixed
 * offset: the first Intl formatter with a time zone loads the browser's zone data, about 0.1 s of
 * a phone's main thread on the home page's first render.
 */
export function todayInNepal(now = new Date()): string {
  return new Date(now.getTime() + NEPAL_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

// English's names, written out rather than asked of Intl: the first Intl.DateTimeFormat loads
// ICU's date patterns, about 80 ms of a phone's main thread while the home page first renders.
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** CLDR's British abbreviations ("Sept", not "Sep"), as en-GB dates read in today's browsers. */
const ENGLISH_SHORT_MONTHS = ENGLISH_MONTHS.map((name) => (name === 'September' ? 'Sept' : name.slice(0, 3)));
const ENGLISH_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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
  return `${ENGLISH_WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${ENGLISH_SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A month ("2026-12"): "December 2026"; in Nepali "२०२६ डिसेम्बर". */
export function formatAdMonth(month: string, language: Language): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  const nepali = language === 'ne' ? nepaliCalendarNames() : null;
  if (nepali) return toDevanagariDigits(`${date.getUTCFullYear()} ${nepali.months[date.getUTCMonth()]}`);
  return `${ENGLISH_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
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

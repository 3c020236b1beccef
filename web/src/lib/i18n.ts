import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { browserStorage } from './browser-storage';

export type Language = 'en' | 'ne';
export const LANGUAGES: Language[] = ['en', 'ne'];
const LANGUAGE_KEY = 'tikat.language';

/** English ships in the bundle; Nepali loads on first use. */
export async function initI18n(): Promise<void> {
  const stored = browserStorage.get(LANGUAGE_KEY);
  const language: Language = stored === 'ne' ? 'ne' : 'en';
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== 'en') await changeLanguage(language);
  document.documentElement.lang = i18next.language;
}

let nepaliLoaded = false;
/** The schemas' form messages in Nepali, by their English text (loaded with Nepali). */
let nepaliFormErrors: Record<string, string> = {};
/** Nepali's names of the Gregorian months and the weekdays (loaded with Nepali). */
let nepaliNames: { months: string[]; weekdays: string[] } | null = null;

/** Nepali's month and weekday names once Nepali has loaded (it has, whenever Nepali is shown). */
export const nepaliCalendarNames = () => nepaliNames;

export async function changeLanguage(language: Language): Promise<void> {
  if (language === 'ne' && !nepaliLoaded) {
    const [
      { ne },
      { apiErrorsNe, apiWaitsNe },
      { formErrorsNe },
      { calendarNamesNe },
      { toDevanagariDigits },
    ] = await Promise.all([
      import('../locales/ne'),
      import('../locales/api-errors.ne'),
      import('../locales/form-errors.ne'),
      import('../locales/calendar-names.ne'),
      import('#shared/bikram-sambat'),
    ]);
    nepaliFormErrors = formErrorsNe;
    nepaliNames = calendarNamesNe;
    // "{{count, digits}}" in the Nepali strings: a number written with Devanagari digits.
    i18next.services.formatter?.add('digits', (value, lng) =>
      lng === 'ne' ? toDevanagariDigits(String(value)) : String(value),
    );
    i18next.addResourceBundle(
      'ne',
      'translation',
      { ...ne, apiErrors: apiErrorsNe, apiWaits: apiWaitsNe },
      true,
      false,
    );
    nepaliLoaded = true;
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  browserStorage.set(LANGUAGE_KEY, language);
}

export const currentLanguage = (): Language => (i18next.language === 'ne' ? 'ne' : 'en');

let pageStringsLoading: Promise<void> | undefined;

/** The on-demand pages' strings (locales/page-strings.ts), loaded once, before such a page renders. */
export function loadPageStrings(): Promise<void> {
  pageStringsLoading ??= import('../locales/page-strings').then((m) => addTranslations(m.pageStrings));
  return pageStringsLoading;
}

/** A lazily loaded feature's own strings, merged into both languages. */
export function addTranslations(strings: { en: Record<string, unknown>; ne: Record<string, unknown> }): void {
  i18next.addResourceBundle('en', 'translation', strings.en, true, true);
  i18next.addResourceBundle('ne', 'translation', strings.ne, true, true);
}

/** An API error's message in the traveller's language: Nepali by its code, else the server's text. */
export function apiErrorMessage(
  code: string,
  serverMessage: string,
  data: Record<string, unknown> = {},
): string {
  // A lockout says when to try again (issue 19): the server's English says it; Nepali says it too.
  const seconds = data.retryAfterSeconds;
  if (i18next.language === 'ne' && code === 'RATE_LIMITED' && typeof seconds === 'number' && seconds > 0)
    return seconds < 60
      ? i18next.t('apiWaits.RATE_LIMITED_SECONDS', { count: seconds })
      : i18next.t('apiWaits.RATE_LIMITED_MINUTES', { count: Math.ceil(seconds / 60) });
  const key = `apiErrors.${code}`;
  return i18next.language === 'ne' && i18next.exists(key) ? i18next.t(key) : serverMessage;
}

/**
 * A form message from the API's schemas (in the browser, or the server's `data.fields`) in the
 * traveller's language: in Nepali by its English text, else as it is.
 */
export function formMessage(message: string): string {
  return i18next.language === 'ne' ? (nepaliFormErrors[message] ?? message) : message;
}

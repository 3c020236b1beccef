import { useSyncExternalStore } from 'react';
import { en } from '../locales/en';
import { browserStorage } from './browser-storage';

export type Language = 'en' | 'ne';
export const LANGUAGES: Language[] = ['en', 'ne'];
const LANGUAGE_KEY = 'tikat.language';

/** A language's strings: nested objects whose leaves are texts, plurals as `key_one`/`key_other`. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** What a text's `{{name}}` placeholders are filled with; `count` also picks the plural form. */
export type TranslationValues = Readonly<Record<string, string | number | null | undefined>>;

/**
 * A text by its dotted key ("header.logIn") in one language, falling back to English, then to the
 * key itself. `{{name}}` is replaced by `values.name`; `{{name, digits}}` writes it with
 * Devanagari digits in Nepali; with `values.count`, `key_one` or `key_other` is chosen first.
 */
export type TFunction = (key: string, values?: TranslationValues) => string;

/** English ships in the bundle; Nepali loads on first use. */
const catalogues: Record<Language, Catalogue> = { en: structuredClone(en) as Catalogue, ne: {} };
let language: Language = 'en';
const languageListeners = new Set<() => void>();

/** Nepali's digits, loaded with Nepali (`{{name, digits}}`); English keeps its own. */
let nepaliDigits: ((text: string) => string) | undefined;
// Built on first use: each loads its language's ICU data.
const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};
function pluralOf(language: Language, count: number): string {
  const rules = pluralRules[language] ?? new Intl.PluralRules(language);
  pluralRules[language] = rules;
  return rules.select(count);
}

function lookUp(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function findText(key: string, count: unknown, inLanguage: Language): [string, Language] | undefined {
  for (const candidate of inLanguage === 'en' ? (['en'] as const) : ([inLanguage, 'en'] as const)) {
    const catalogue = catalogues[candidate];
    const plural =
      typeof count === 'number' ? lookUp(catalogue, `${key}_${pluralOf(candidate, count)}`) : undefined;
    const text = plural ?? lookUp(catalogue, key);
    if (text !== undefined) return [text, candidate];
  }
  return undefined;
}

function translate(inLanguage: Language, key: string, values: TranslationValues = {}): string {
  const found = findText(key, values.count, inLanguage);
  if (!found) return key;
  const [text, textLanguage] = found;
  return text.replace(
    /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g,
    (placeholder, name: string, format?: string) => {
      const value = values[name];
      // A value not given leaves its placeholder, null writes nothing.
      if (value === undefined) return placeholder;
      if (value === null) return '';
      return format === 'digits' && textLanguage === 'ne' && nepaliDigits
        ? nepaliDigits(String(value))
        : String(value);
    },
  );
}

const translators: Record<Language, TFunction> = {
  en: (key, values) => translate('en', key, values),
  ne: (key, values) => translate('ne', key, values),
};

/** The translator of one language, whatever the page shows (documents, tests). */
export const fixedT = (inLanguage: Language): TFunction => translators[inLanguage];

/** A text in the language the page shows, for code outside React components. */
export const t: TFunction = (key, values) => translate(language, key, values);

const subscribeToLanguage = (listener: () => void) => {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
};
const readLanguage = () => language;

/**
 * The page's translator and language for a component, which draws again when the language
 * changes: `const { t, i18n } = useTranslation()`, then `t('header.logIn')`, `i18n.language`.
 */
export function useTranslation(): { t: TFunction; i18n: { language: Language } } {
  const shown = useSyncExternalStore(subscribeToLanguage, readLanguage, readLanguage);
  return { t: translators[shown], i18n: { language: shown } };
}

function mergeInto(target: Catalogue, source: Catalogue): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** Reads the traveller's language (English unless they chose Nepali) before the first render. */
export async function initI18n(): Promise<void> {
  const stored = browserStorage.get(LANGUAGE_KEY);
  if (stored === 'ne') await changeLanguage('ne');
  else document.documentElement.lang = 'en';
}

let nepaliLoaded = false;
/** The schemas' form messages in Nepali, by their English text (loaded with Nepali). */
let nepaliFormErrors: Record<string, string> = {};
/** Nepali's names of the Gregorian months and the weekdays (loaded with Nepali). */
let nepaliNames: { months: string[]; weekdays: string[] } | null = null;

/** Nepali's month and weekday names once Nepali has loaded (it has, whenever Nepali is shown). */
export const nepaliCalendarNames = () => nepaliNames;

/** Loads a language's strings (Nepali's on first use) without showing it. */
export async function loadLanguage(toLoad: Language): Promise<void> {
  if (toLoad !== 'ne' || nepaliLoaded) return;
  const [{ ne }, { apiErrorsNe, apiWaitsNe }, { formErrorsNe }, { calendarNamesNe }, { toDevanagariDigits }] =
    await Promise.all([
      import('../locales/ne'),
      import('../locales/api-errors.ne'),
      import('../locales/form-errors.ne'),
      import('../locales/calendar-names.ne'),
      import('#shared/bikram-sambat'),
    ]);
  nepaliFormErrors = formErrorsNe;
  nepaliNames = calendarNamesNe;
  nepaliDigits = toDevanagariDigits;
  // Strings lazily loaded features added before Nepali loaded stay: the catalogue is merged into.
  const added = catalogues.ne;
  catalogues.ne = structuredClone({ ...ne, apiErrors: apiErrorsNe, apiWaits: apiWaitsNe }) as Catalogue;
  mergeInto(catalogues.ne, added);
  nepaliLoaded = true;
}

export async function changeLanguage(toShow: Language): Promise<void> {
  await loadLanguage(toShow);
  language = toShow;
  document.documentElement.lang = toShow;
  browserStorage.set(LANGUAGE_KEY, toShow);
  for (const listener of languageListeners) listener();
}

export const currentLanguage = (): Language => language;

let pageStringsLoading: Promise<void> | undefined;

/** The on-demand pages' strings (locales/page-strings.ts), loaded once, before such a page renders. */
export function loadPageStrings(): Promise<void> {
  pageStringsLoading ??= import('../locales/page-strings').then((m) => addTranslations(m.pageStrings));
  return pageStringsLoading;
}

/** A lazily loaded feature's own strings, merged into both languages. */
export function addTranslations(strings: { en: Catalogue; ne: Catalogue }): void {
  mergeInto(catalogues.en, strings.en);
  mergeInto(catalogues.ne, strings.ne);
}

/** An API error's message in the traveller's language: Nepali by its code, else the server's text. */
export function apiErrorMessage(
  code: string,
  serverMessage: string,
  data: Record<string, unknown> = {},
): string {
  // A lockout says when to try again (docs/web.md#messages-toasts-money-and-connections): the server's
  // English says it; Nepali says it too.
  const seconds = data.retryAfterSeconds;
  if (language === 'ne' && code === 'RATE_LIMITED' && typeof seconds === 'number' && seconds > 0)
    return seconds < 60
      ? t('apiWaits.RATE_LIMITED_SECONDS', { count: seconds })
      : t('apiWaits.RATE_LIMITED_MINUTES', { count: Math.ceil(seconds / 60) });
  const key = `apiErrors.${code}`;
  return language === 'ne' && lookUp(catalogues.ne, key) !== undefined ? t(key) : serverMessage;
}

/**
 * A form message from the API's schemas (in the browser, or the server's `data.fields`) in the
 * traveller's language: in Nepali by its English text, else as it is.
 */
export function formMessage(message: string): string {
  return language === 'ne' ? (nepaliFormErrors[message] ?? message) : message;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/accounts';
import { errorCodes } from '#shared/errors';
import { MAX_MULTICITY_SEGMENTS, MAX_SEATED_PASSENGERS } from '#shared/flights';
import { appSdkStrings } from '../app/layout/components/app-sdk-strings';
import { datePickerStrings } from '../components/ui/date-picker-strings';
import { priceLevelsStrings } from '../components/ui/price-levels-strings';
import { ticketStatusStrings } from '../components/ui/ticket-status-strings';
import { accountStrings } from '../features/account/account-strings';
import { adminEn } from '../features/admin/locales/en';
import { adminNe } from '../features/admin/locales/ne';
import { calendarStrings } from '../features/search/calendar-strings';
import { myBookingsStrings } from '../features/user/my-bookings-strings';
import { fareTermsStrings } from '../lib/fare-terms-strings';
import { priceAlertStrings } from '../lib/price-alert-strings';
import { apiErrorsNe } from './api-errors.ne';
import { en } from './en';
import { formErrorsNe } from './form-errors.ne';
import { ne } from './ne';
import { pageStrings } from './page-strings';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a nested bundle as "a.b.c" → text, with the plural suffixes (_one, _other) kept. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

/** The names of "{{name}}" and "{{name, format}}" placeholders. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** Strings that read the same in both languages: names, symbols, codes, the language names themselves. */
const SAME_IN_BOTH = new Set([
  'commission.placeholder',
  'calendar.cheapestMark',
  'language.en',
  'language.ne',
  'bookings.pnr',
  'gateways.names.esewa',
  'gateways.names.khalti',
  'gateways.names.connectips',
]);

describe.each([
  ['the app', en as Tree, ne as Tree],
  ['the app-SDK bar', appSdkStrings.en as Tree, appSdkStrings.ne as Tree],
  ['the fare terms', fareTermsStrings.en as Tree, fareTermsStrings.ne as Tree],
  ['the ticket status', ticketStatusStrings.en as Tree, ticketStatusStrings.ne as Tree],
  ['the price levels', priceLevelsStrings.en as Tree, priceLevelsStrings.ne as Tree],
  ['the date picker', datePickerStrings.en as Tree, datePickerStrings.ne as Tree],
  ['the admin console', adminEn as Tree, adminNe as Tree],
  ['the on-demand pages', pageStrings.en as Tree, pageStrings.ne as Tree],
  ['the account pages', accountStrings.en as Tree, accountStrings.ne as Tree],
  ['price alerts', priceAlertStrings.en as Tree, priceAlertStrings.ne as Tree],
  ['the fare calendar', calendarStrings.en as Tree, calendarStrings.ne as Tree],
  ['My Bookings', myBookingsStrings.en as Tree, myBookingsStrings.ne as Tree],
])('the Nepali bundle of %s', (_name, english, nepali) => {
  const englishLeaves = leaves(english);
  const nepaliLeaves = leaves(nepali);

  it('has every key of the English bundle, and no other', () => {
    expect([...nepaliLeaves.keys()].sort()).toEqual([...englishLeaves.keys()].sort());
  });

  it('keeps every placeholder of the English text', () => {
    for (const [key, text] of englishLeaves)
      expect(placeholders(nepaliLeaves.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('translates every string that has words in it', () => {
    const untranslated = [...englishLeaves]
      .filter(([, text]) => /[A-Za-z]{3,}/.test(text.replace(/\{\{[^}]*\}\}/g, '')))
      .filter(([key, text]) => !SAME_IN_BOTH.has(key) && nepaliLeaves.get(key) === text)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

describe('the API errors in Nepali', () => {
  it('has a Nepali message for every code of the error table', () => {
    for (const code of errorCodes) expect(apiErrorsNe[code], code).toMatch(/[\u0900-\u097F]/);
  });
});

describe('the form messages in Nepali', () => {
  /** Every sentence-like literal of the public schemas: what a field or `data.fields` can say. */
  const literalMessages = ['accounts', 'bookings', 'booking-changes', 'flights', 'airports'].flatMap(
    (file) => {
      const source = readFileSync(path.join(import.meta.dirname, `../../../shared/src/${file}.ts`), 'utf8');
      return [...source.matchAll(/(?<!describe\(|description: )'([A-Z][^']*[.!?])'/g)].map((m) => m[1] ?? '');
    },
  );
  const templated = [
    `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
    `A multi-city trip has at most ${MAX_MULTICITY_SEGMENTS} flights.`,
    `Check at most ${MAX_MULTICITY_SEGMENTS} flights at once.`,
    `At most ${MAX_SEATED_PASSENGERS} adults and children can travel on one booking.`,
    'At least one adult must travel.',
    ...['adults', 'children', 'infants'].flatMap((label) => [
      `Enter the number of ${label}.`,
      `The number of ${label} must be a whole number.`,
      `At most ${MAX_SEATED_PASSENGERS} ${label} can travel on one booking.`,
    ]),
    ...['children', 'infants'].map((label) => `The number of ${label} cannot be negative.`),
  ];

  it('has a Nepali message for every message of the schemas travellers fill in', () => {
    expect(literalMessages.length).toBeGreaterThan(40);
    const missing = [...new Set([...literalMessages, ...templated])].filter((m) => !formErrorsNe[m]);
    expect(missing).toEqual([]);
  });

  it('writes each in Devanagari with Devanagari digits (only typed examples keep theirs)', () => {
    for (const [english, nepali] of Object.entries(formErrorsNe)) {
      expect(nepali, english).toMatch(/[\u0900-\u097F]{2}/);
      const typedExample = /\d{4}-\d{2}(-\d{2})?|\+977 98X+/g;
      expect(nepali.replace(typedExample, ''), english).not.toMatch(/[0-9]/);
    }
  });
});

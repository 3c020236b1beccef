import { describe, expect, it } from 'vitest';
import { errorCodes } from '#shared/errors';
import { adminEn } from '../features/admin/locales/en';
import { adminNe } from '../features/admin/locales/ne';
import { apiErrorsNe } from './api-errors.ne';
import { en } from './en';
import { ne } from './ne';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a nested bundle as "a.b.c" → text, with i18next's plural suffixes kept. */
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
  ['the admin console', adminEn as Tree, adminNe as Tree],
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

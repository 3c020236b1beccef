import { beforeAll, describe, expect, it } from 'vitest';
import { addTranslations, fixedT, loadLanguage } from './i18n';

// A feature's strings added before Nepali loads, as a lazily loaded page can add them.
addTranslations({
  en: { probe: { only: 'Only in English: {{what}}', both: 'English {{n}}' } },
  ne: { probe: { both: 'नेपाली {{n, digits}}' } },
});

beforeAll(() => loadLanguage('ne'));

describe('t()', () => {
  const english = fixedT('en');
  const nepali = fixedT('ne');

  it('fills placeholders and picks the plural form by count', () => {
    expect(english('search.travellers', { count: 1 })).toBe('1 traveller');
    expect(english('search.travellers', { count: 3 })).toBe('3 travellers');
    expect(english('search.travellers', { count: 0 })).toBe('0 travellers');
  });

  it('writes {{name, digits}} with Devanagari digits in Nepali only', () => {
    expect(nepali('search.travellers', { count: 12 })).toBe('१२ यात्रु');
    expect(nepali('probe.both', { n: 2083 })).toBe('नेपाली २०८३');
    expect(english('probe.both', { n: 2083 })).toBe('English 2083');
  });

  it('keeps strings added before Nepali loaded, and falls back to English, then to the key', () => {
    expect(nepali('probe.only', { what: 'x' })).toBe('Only in English: x');
    expect(nepali('header.logIn')).toBe('लग इन');
    expect(english('no.such.key')).toBe('no.such.key');
  });

  it('leaves a placeholder with no value as it is and writes nothing for null', () => {
    expect(english('probe.only')).toBe('Only in English: {{what}}');
    expect(english('probe.only', { what: null })).toBe('Only in English: ');
  });
});

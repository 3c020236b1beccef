import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { calendarNamesNe } from '../locales/calendar-names.ne';
import { formatAdDate, formatAdMonth, formatDateField, parseDateField, todayInNepal } from './dates';

// As once Nepali has loaded (web/src/lib/i18n.ts loads the names with it).
vi.mock('./i18n', async (original) => ({
  ...(await original<typeof import('./i18n')>()),
  nepaliCalendarNames: () => calendarNamesNe,
}));

describe("today's date in Nepal", () => {
  it('is the date on a clock in Kathmandu at any instant, around midnight too', () => {
    const kathmandu = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' });
    expect(todayInNepal(new Date('2026-12-01T18:14:59Z'))).toBe('2026-12-01');
    expect(todayInNepal(new Date('2026-12-01T18:15:00Z'))).toBe('2026-12-02');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        (now) => {
          expect(todayInNepal(now)).toBe(kathmandu.format(now));
        },
      ),
    );
  });
});

describe('AD dates', () => {
  it('reads in English as "Tue, 1 Dec 2026"', () => {
    expect(formatAdDate('2026-12-01', 'en')).toBe('Tue, 1 Dec 2026');
    expect(formatAdMonth('2026-12', 'en')).toBe('December 2026');
  });

  it("reads in English as the browser's en-GB dates do, every day of a leap year and more", () => {
    const day = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let offset = 0; offset < 800; offset++) {
      const date = new Date(Date.UTC(2027, 11, 1 + offset));
      const iso = date.toISOString().slice(0, 10);
      // en-GB writes "Tue 1 Dec 2026" in some ICU versions and "Tue, 1 Dec 2026" in others.
      expect(formatAdDate(iso, 'en')).toBe(day.format(date).replace(/^(\w{3}),? /, '$1, '));
      expect(formatAdMonth(iso.slice(0, 7), 'en')).toBe(month.format(date));
    }
  });

  it("reads in Nepali in Nepali's order and words, with Devanagari digits only", () => {
    expect(formatAdDate('2026-12-01', 'ne')).toBe('२०२६ डिसेम्बर १, मङ्गल');
    expect(formatAdDate('2027-01-31', 'ne')).toBe('२०२७ जनवरी ३१, आइत');
    expect(formatAdMonth('2026-12', 'ne')).toBe('२०२६ डिसेम्बर');
    for (let day = 0; day < 400; day += 7) {
      const iso = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
      expect(formatAdDate(iso, 'ne')).not.toMatch(/[A-Za-z0-9]/);
    }
  });
});

describe('date fields', () => {
  it('show day/month/year in English and year/month/day with Devanagari digits in Nepali', () => {
    expect(formatDateField('2026-12-01', 'en')).toBe('01/12/2026');
    expect(formatDateField('2026-12-01', 'ne')).toBe('२०२६/१२/०१');
    expect(formatDateField('', 'en')).toBe('');
  });

  it("read what is typed in the language's order, in either digits, and ISO dates in both", () => {
    expect(parseDateField('1/12/2026', 'en')).toBe('2026-12-01');
    expect(parseDateField('01-12-2026', 'en')).toBe('2026-12-01');
    expect(parseDateField('2026-12-01', 'en')).toBe('2026-12-01');
    expect(parseDateField('२०२६/१२/०१', 'ne')).toBe('2026-12-01');
    expect(parseDateField('2026/12/1', 'ne')).toBe('2026-12-01');
    expect(parseDateField('1/12/2026', 'ne')).toBe('2026-12-01');
  });

  it('refuse what is not a real date', () => {
    for (const text of ['31/02/2026', '2026-13-01', '12/2026', '1/12/26', 'tomorrow', '', '00/01/2026'])
      expect(parseDateField(text, 'en'), text).toBeNull();
  });

  it('read back every date they show', () => {
    for (let day = 0; day < 800; day += 13) {
      const iso = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
      for (const language of ['en', 'ne'] as const)
        expect(parseDateField(formatDateField(iso, language), language)).toBe(iso);
    }
  });
});

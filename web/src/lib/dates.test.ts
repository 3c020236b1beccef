import { describe, expect, it, vi } from 'vitest';
import { calendarNamesNe } from '../locales/calendar-names.ne';
import { formatAdDate, formatAdMonth } from './dates';

// As once Nepali has loaded (web/src/lib/i18n.ts loads the names with it).
vi.mock('./i18n', async (original) => ({
  ...(await original<typeof import('./i18n')>()),
  nepaliCalendarNames: () => calendarNamesNe,
}));

describe('AD dates', () => {
  it('reads in English as "Tue, 1 Dec 2026"', () => {
    expect(formatAdDate('2026-12-01', 'en')).toBe('Tue, 1 Dec 2026');
    expect(formatAdMonth('2026-12', 'en')).toBe('December 2026');
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

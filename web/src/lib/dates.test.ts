import { describe, expect, it } from 'vitest';
import { formatAdDate, formatAdMonth } from './dates';

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

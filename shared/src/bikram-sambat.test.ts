import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adToBs, BS_FIRST_YEAR, BS_LAST_YEAR, bsMonthLength, bsToAd, formatBsDate } from './bikram-sambat';

describe('Bikram Sambat conversion', () => {
  it('agrees with the published anchors', () => {
    expect(adToBs('2024-04-13')).toEqual({ year: 2081, month: 1, day: 1 });
    expect(adToBs('2025-04-15')).toEqual({ year: 2082, month: 1, day: 2 });
    expect(bsToAd({ year: 2081, month: 1, day: 1 })).toBe('2024-04-13');
    expect(bsToAd({ year: 2082, month: 1, day: 2 })).toBe('2025-04-15');
  });

  it('starts the table on 1 Baisakh 2000 = 14 April 1943', () => {
    expect(adToBs('1943-04-14')).toEqual({ year: 2000, month: 1, day: 1 });
    expect(adToBs('1943-04-13')).toBeNull();
  });

  it('round-trips every day of the table', () => {
    const first = Date.UTC(1943, 3, 14);
    const last = Date.parse(
      `${bsToAd({ year: BS_LAST_YEAR, month: 12, day: bsMonthLength(BS_LAST_YEAR, 12) ?? 30 })}T00:00:00Z`,
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.round((last - first) / 86_400_000) }), (offset) => {
        const ad = new Date(first + offset * 86_400_000).toISOString().slice(0, 10);
        const bs = adToBs(ad);
        expect(bs).not.toBeNull();
        expect(bsToAd(bs as NonNullable<typeof bs>)).toBe(ad);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives every year 365 or 366 days and every month 29 to 32', () => {
    for (let year = BS_FIRST_YEAR; year <= BS_LAST_YEAR; year++) {
      let total = 0;
      for (let month = 1; month <= 12; month++) {
        const length = bsMonthLength(year, month) as number;
        expect(length, `${year}-${month}`).toBeGreaterThanOrEqual(29);
        expect(length, `${year}-${month}`).toBeLessThanOrEqual(32);
        total += length;
      }
      expect([365, 366], String(year)).toContain(total);
    }
  });

  it('rejects dates that do not exist', () => {
    expect(bsToAd({ year: 2083, month: 13, day: 1 })).toBeNull();
    expect(bsToAd({ year: 2083, month: 1, day: 33 })).toBeNull();
    expect(bsToAd({ year: 1999, month: 1, day: 1 })).toBeNull();
    expect(adToBs('2026-13-45')).toBeNull();
  });

  it('writes dates in English and in Nepali with Devanagari digits', () => {
    const today = adToBs('2026-11-21');
    expect(today).toEqual({ year: 2083, month: 8, day: 5 });
    expect(formatBsDate(today as NonNullable<typeof today>)).toBe('5 Mangsir 2083');
    expect(formatBsDate(today as NonNullable<typeof today>, 'ne')).toBe('५ मंसिर २०८३');
  });
});

import { describe, expect, it } from 'vitest';
import { addMonths, dateAfterKey, monthWeeks } from './month-grid';

describe('the fare calendar month grid', () => {
  it('lays a month out in Sunday-first weeks with blanks around it', () => {
    // 1 November 2026 is a Sunday; 30 days end on a Monday.
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    // 1 December 2026 is a Tuesday.
    expect(monthWeeks('2026-12')[0]?.slice(0, 3)).toEqual([null, null, '2026-12-01']);
    expect(monthWeeks('2026-02').flat().filter(Boolean)).toHaveLength(28);
  });

  it('moves months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
  });

  it('moves the focus by day and week with the arrow keys, staying in the month', () => {
    expect(dateAfterKey('2026-11-10', 'ArrowRight', '2026-11')).toBe('2026-11-11');
    expect(dateAfterKey('2026-11-10', 'ArrowUp', '2026-11')).toBe('2026-11-03');
    expect(dateAfterKey('2026-11-03', 'ArrowUp', '2026-11')).toBe('2026-11-01');
    expect(dateAfterKey('2026-11-28', 'ArrowDown', '2026-11')).toBe('2026-11-30');
    expect(dateAfterKey('2026-11-10', 'End', '2026-11')).toBe('2026-11-30');
    expect(dateAfterKey('2026-11-10', 'Home', '2026-11')).toBe('2026-11-01');
    expect(dateAfterKey('2026-11-10', 'Enter', '2026-11')).toBeNull();
  });
});

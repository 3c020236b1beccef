import { expect, it } from 'vitest';
import { formatMoney } from './money';

it('groups NPR in lakhs and crores', () => {
  expect(formatMoney(1_234_567_850, 'NPR')).toBe('NPR 1,23,45,678.50');
  expect(formatMoney(663_500, 'NPR')).toBe('NPR 6,635');
});

it('writes Nepali with Devanagari digits and still in lakhs', () => {
  expect(formatMoney(12_345_600, 'NPR', 'ne')).toBe('NPR १,२३,४५६');
});

it('writes USD fares in dollars and cents', () => {
  expect(formatMoney(6_500, 'USD')).toBe('$65');
  expect(formatMoney(20_550, 'USD')).toBe('$205.50');
});

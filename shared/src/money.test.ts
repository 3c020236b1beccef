import fc from 'fast-check';
import { expect, it } from 'vitest';
import { formatAmount } from './format-money';
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

it('writes an amount alone by the same rule: paisa only where they are not zero', () => {
  expect(formatAmount(450_000, 'NPR')).toBe('4,500');
  expect(formatAmount(450_050, 'NPR')).toBe('4,500.50');
  expect(formatAmount(12_345_600, 'NPR', 'ne')).toBe('१,२३,४५६');
  expect(formatAmount(20_550, 'USD')).toBe('205.50');
  // The same figures as formatMoney, without the currency.
  for (const amount of [1, 99, 100, 101, 797_892, 760_904])
    expect(formatMoney(amount, 'NPR')).toBe(`NPR ${formatAmount(amount, 'NPR')}`);
});

it("writes every amount exactly as the browsers' en-IN and en-US number formats do", () => {
  const intl = (currency: 'NPR' | 'USD', withCurrency: boolean, whole: boolean) =>
    new Intl.NumberFormat(currency === 'NPR' ? 'en-IN' : 'en-US', {
      ...(withCurrency
        ? { style: 'currency', currency, currencyDisplay: currency === 'NPR' ? 'code' : 'symbol' }
        : {}),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.maxSafeNat().map((n) => Math.floor(n / 8)),
      ),
      fc.constantFrom('NPR' as const, 'USD' as const),
      (amountMinor, currency) => {
        const whole = amountMinor % 100 === 0;
        expect(formatMoney(amountMinor, currency)).toBe(
          intl(currency, true, whole)
            .format(amountMinor / 100)
            .replace(/\u00a0/g, ' '),
        );
        expect(formatAmount(amountMinor, currency)).toBe(
          intl(currency, false, whole).format(amountMinor / 100),
        );
      },
    ),
    { numRuns: 2_000 },
  );
});

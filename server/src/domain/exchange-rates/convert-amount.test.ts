import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, decimalOf, minorUnitsOf, type RateTable } from './convert-amount';
import type { ExchangeRate } from './default-exchange-rates';

const rate = (currency: string, unit: number, npr: number): ExchangeRate => ({
  currency,
  unit,
  npr,
  effectiveDate: '2026-11-20',
  source: 'admin',
});
const rates: RateTable = new Map(
  [rate('USD', 1, 14_185), rate('GBP', 1, 18_650), rate('INR', 100, 16_015), rate('KRW', 100, 1_002)].map(
    (r) => [r.currency, r],
  ),
);

describe('converting supplier prices', () => {
  it("reads and writes decimal amounts in each currency's minor unit", () => {
    expect(minorUnitsOf('412.35', 'GBP')).toBe(41_235);
    expect(minorUnitsOf('412.3', 'GBP')).toBe(41_230);
    expect(minorUnitsOf('412', 'USD')).toBe(41_200);
    expect(minorUnitsOf('125000', 'KRW')).toBe(125_000);
    expect(() => minorUnitsOf('1.234', 'USD')).toThrow();
    expect(decimalOf(41_235, 'GBP')).toBe('412.35');
    expect(decimalOf(5, 'USD')).toBe('0.05');
    expect(decimalOf(125_000, 'KRW')).toBe('125000');
  });

  it("converts at NRB's quoting units, rounding half up once", () => {
    expect(convertAmount(41_235, 'GBP', 'NPR', rates)).toBe(7_690_328); // 412.35 × 186.50 = 76,903.2750
    expect(convertAmount(10_000, 'INR', 'NPR', rates)).toBe(16_015); // INR 100 = NPR 160.15
    expect(convertAmount(125_000, 'KRW', 'NPR', rates)).toBe(1_252_500); // KRW 125,000 = NPR 12,525
    expect(convertAmount(41_235, 'GBP', 'USD', rates)).toBe(54_215); // through NPR: 76,903.275 / 141.85 = 542.14505
    expect(convertAmount(100, 'USD', 'USD', rates)).toBe(100);
    expect(() => convertAmount(100, 'EUR', 'NPR', rates)).toThrow(/EUR/);
  });

  it('never drifts by more than half a paisa from the exact product', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (amount) => {
        const paisa = convertAmount(amount, 'GBP', 'NPR', rates);
        expect(Math.abs(paisa * 100 - amount * 18_650)).toBeLessThanOrEqual(50);
      }),
    );
  });
});

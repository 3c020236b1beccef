/**
 * One currency's rate as Nepal Rastra Bank publishes it: `npr` paisa for `unit` units of the
 * currency (NRB quotes INR per 100, JPY per 10 and KRW per 100). Tikat converts a supplier's
 * price with the selling rate: the agency buys the currency to pay the supplier.
 */
export interface ExchangeRate {
  currency: string;
  unit: number;
  /** NPR in paisa for `unit` units of the currency (selling rate). */
  npr: number;
  /** The date the rate was published for (YYYY-MM-DD). */
  effectiveDate: string;
  /** Where the rate came from: an admin's entry, or these defaults. */
  source: 'admin' | 'default';
}

/**
 * DEFAULTS TO REPLACE: plausible selling rates dated 2026-11-01, not copied from a Nepal Rastra
 * Bank bulletin. A brand's admin enters NRB's published rates (PUT /admin/exchange-rates); until
 * then these price outside suppliers' offers, and every price and booking says `source: default`.
 */
export const DEFAULT_EXCHANGE_RATES_DATE = '2026-11-01';

const rate = (currency: string, unit: number, npr: number): ExchangeRate => ({
  currency,
  unit,
  npr,
  effectiveDate: DEFAULT_EXCHANGE_RATES_DATE,
  source: 'default',
});

export const DEFAULT_EXCHANGE_RATES: readonly ExchangeRate[] = [
  rate('USD', 1, 14_185),
  rate('EUR', 1, 16_420),
  rate('GBP', 1, 18_650),
  rate('INR', 100, 16_015),
  rate('AED', 1, 3_862),
  rate('QAR', 1, 3_890),
  rate('MYR', 1, 3_360),
  rate('THB', 1, 435),
  rate('AUD', 1, 9_210),
  rate('KRW', 100, 1_002),
  rate('JPY', 10, 925),
  rate('SAR', 1, 3_781),
  rate('KWD', 1, 46_100),
];

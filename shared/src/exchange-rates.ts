import { z } from 'zod';

/** Units Nepal Rastra Bank quotes a currency per (1 USD, 100 INR, 10 JPY, 100 KRW). */
export const EXCHANGE_RATE_UNITS = [1, 10, 100, 1000] as const;

/** One currency's rate: `npr` paisa for `unit` units (NRB's selling rate). */
export const exchangeRate = z.object({
  currency: z.string(),
  unit: z.number().int(),
  /** NPR in paisa (minor units) for `unit` units of the currency. */
  npr: z.number().int(),
  effective_date: z.string(),
  /** `admin`: entered by the brand's admin; `default`: Tikat's dated defaults, to be replaced. */
  source: z.enum(['admin', 'default']),
});
export type ExchangeRateView = z.infer<typeof exchangeRate>;

export const exchangeRateTable = z.object({
  rates: z.array(exchangeRate),
  /** The date of the built-in defaults (what currencies without an admin's rate use). */
  defaults_date: z.string(),
});

/** An admin's entry of NRB's rates for a date: each currency given replaces that currency's rate. */
export const exchangeRatesInput = z.object({
  effective_date: z.iso.date({ message: 'Enter the date of the rates as YYYY-MM-DD.' }),
  rates: z
    .array(
      z.object({
        currency: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code, e.g. USD.')
          .refine((c) => c !== 'NPR', 'NPR is the home currency: it needs no rate.'),
        unit: z
          .number()
          .int()
          .refine(
            (u) => (EXCHANGE_RATE_UNITS as readonly number[]).includes(u),
            'Use 1, 10, 100 or 1000 units.',
          ),
        npr: z
          .number()
          .int('Enter the rate in paisa, a whole number.')
          .min(1, 'Enter a rate above zero.')
          .max(100_000_000, 'This rate is too high.'),
      }),
    )
    .min(1, 'Enter at least one rate.')
    .max(60, 'Enter at most 60 rates at once.')
    .refine(
      (rates) => new Set(rates.map((r) => r.currency)).size === rates.length,
      'Enter each currency once.',
    ),
});
export type ExchangeRatesInput = z.infer<typeof exchangeRatesInput>;

import { z } from 'zod';

export const currencyCode = z.enum(['NPR', 'USD']);
export type CurrencyCode = z.infer<typeof currencyCode>;

/**
 * An amount of money: an integer in the currency's minor unit (paisa, cents), never a fraction
 * (docs/decisions/0011-integer-minor-units-for-money.md).
 */
export const money = z.object({
  amount: z.number().int().describe('Integer in minor units (paisa for NPR, cents for USD)'),
  currency: currencyCode,
});
export type Money = z.infer<typeof money>;

// Formatting lives apart from the schemas so the web app can use it without loading zod.
export { formatMoney } from './format-money';

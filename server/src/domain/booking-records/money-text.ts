import { type CurrencyCode, formatMoney } from '#shared/format-money';

/** "NPR 1,234" for a booking's history notes and refund reasons. */
export const moneyText = (amount: number, currency: string) =>
  formatMoney(amount, currency as CurrencyCode, 'en');

import { type CurrencyCode, formatMoney } from '#shared/format-money';
import { currentLanguage } from '../../../lib/i18n';

export const money = (amount: number, currency: CurrencyCode) =>
  formatMoney(amount, currency, currentLanguage());

/** 85 → "1h 25m". */
export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours}h ${String(rest).padStart(2, '0')}m` : `${rest}m`;
}

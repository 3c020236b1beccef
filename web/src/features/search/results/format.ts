import { type CurrencyCode, formatMoney } from '#shared/format-money';
import { currentLanguage, t } from '../../../lib/i18n';

export const money = (amount: number, currency: CurrencyCode) =>
  formatMoney(amount, currency, currentLanguage());

/** 85 → "1h 25m" (in Nepali "१ घण्टा २५ मिनेट"). */
export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours
    ? t('results.durationHours', { hours, minutes: String(rest).padStart(2, '0') })
    : t('results.durationMinutes', { minutes: rest });
}

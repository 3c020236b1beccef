import { formatMoney } from '#shared/money';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** An amount in the console's language. */
export const money = (amount: number, currency: string) =>
  formatMoney(amount, currency as 'NPR', currentLanguage());

/** The API's message for a failed action, or the fallback. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

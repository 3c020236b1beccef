import { formatMoney } from '#shared/money';
import { currentLanguage } from '../../../lib/i18n';

/** An amount in the console's language. */
export const money = (amount: number, currency: string) =>
  formatMoney(amount, currency as 'NPR', currentLanguage());

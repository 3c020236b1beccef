import type { AuditEntry } from '#shared/admin';
import { type CurrencyCode, formatMoney } from '#shared/money';
import type { Language, TFunction } from '../../../lib/i18n';

/** Fields the audit log keeps in minor units of the entry's currency. */
const MONEY_FIELDS = new Set([
  'amount',
  'walletBalance',
  'walletCreditLimit',
  'refund',
  'cancellationFee',
  'voidFee',
  'changeFee',
  'fareDifference',
  'balance',
  'masterBalance',
  'subAgentBalance',
]);

/** A text by key, or the fallback when the catalogue has none (t answers the key itself then). */
const textOr = (t: TFunction, key: string, fallback: string) => {
  const text = t(key);
  return text === key ? fallback : text;
};

/** "walletCreditLimit" → "Wallet credit limit", for a field the catalogue does not name. */
const spelledOut = (field: string) => {
  const words = field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What the entry did, in words ("Topped up a wallet"); an action with no words yet shows as recorded.
 * The catalogue writes an action's dots as colons (a dot separates a text key's parts).
 */
export const auditActionText = (t: TFunction, action: string) =>
  textOr(t, `admin.cockpit.audit.actions.${action.replaceAll('.', ':')}`, action);

/**
 * The entry's before → after as lines in words (docs/admin.md#audit): each field that changed, or
 * was set or removed, with money written as money and lists and yes/no in words.
 */
export function auditChanges(t: TFunction, entry: AuditEntry, language: Language): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const currency = String(after.currency ?? before.currency ?? 'NPR') as CurrencyCode;
  const valueText = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('admin.cockpit.audit.none');
    if (typeof value === 'boolean') return t(value ? 'admin.cockpit.audit.yes' : 'admin.cockpit.audit.no');
    if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatMoney(value, currency, language);
    if (Array.isArray(value)) return value.map((item) => valueText(field, item)).join(', ');
    if (typeof value === 'object') {
      return Object.entries(value as Record<string, unknown>)
        .map(([key, inner]) => `${spelledOut(key)} ${valueText(key, inner)}`)
        .join('; ');
    }
    return String(value);
  };
  // The currency is written in each amount.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field !== 'currency',
  );
  return fields.map((field) => {
    const name = textOr(t, `admin.cockpit.audit.fields.${field}`, spelledOut(field));
    if (!(field in before))
      return t('admin.cockpit.audit.set', { field: name, after: valueText(field, after[field]) });
    if (!(field in after)) {
      return t('admin.cockpit.audit.removed', { field: name, before: valueText(field, before[field]) });
    }
    return t('admin.cockpit.audit.changed', {
      field: name,
      before: valueText(field, before[field]),
      after: valueText(field, after[field]),
    });
  });
}

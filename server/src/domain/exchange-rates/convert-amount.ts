import { AppError } from '../../errors';
import type { ExchangeRate } from './default-exchange-rates';

const digitsCache = new Map<string, number>();

/** Decimal places of a currency's minor unit (2 for USD, 0 for KRW and JPY, 3 for KWD). */
export function minorDigitsOf(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A decimal amount as a supplier writes it (`"412.35"`) in integer minor units of its currency. */
export function minorUnitsOf(decimal: string, currency: string): number {
  const digits = minorDigitsOf(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not an amount: ${decimal}`);
  const [, sign, whole, fraction = ''] = match as unknown as [string, string, string, string | undefined];
  if ((fraction ?? '').replace(/0+$/, '').length > digits)
    throw new Error(`too many decimals for ${currency}: ${decimal}`);
  const minor = Number(whole) * 10 ** digits + Number((fraction ?? '').padEnd(digits, '0') || '0');
  return sign === '-' ? -minor : minor;
}

/** Integer minor units as the decimal string a supplier expects (`41235`, GBP → `"412.35"`). */
export function decimalOf(minor: number, currency: string): string {
  const digits = minorDigitsOf(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** `numerator / denominator` rounded half up, in exact integer arithmetic. */
function divideRounded(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (2n * magnitude + denominator) / (2n * denominator);
  return Number(negative ? -quotient : quotient);
}

export type RateTable = ReadonlyMap<string, ExchangeRate>;

export function rateOf(rates: RateTable, currency: string): ExchangeRate {
  const found = rates.get(currency);
  if (!found)
    throw new AppError('SUPPLIER_UNAVAILABLE', `No exchange rate for ${currency}: an admin enters it first.`);
  return found;
}

/**
 * An amount in minor units of `from` in minor units of `to` (NPR or USD for a traveller), through
 * NPR at the table's rates, rounded half up once: integers all the way.
 */
export function convertAmount(amountMinor: number, from: string, to: string, rates: RateTable): number {
  if (from === to) return amountMinor;
  const a = BigInt(amountMinor);
  const fromScale = 10n ** BigInt(minorDigitsOf(from));
  // paisa = amount × npr / (unit × 10^digits)
  let numerator = a;
  let denominator = 1n;
  if (from !== 'NPR') {
    const source = rateOf(rates, from);
    numerator *= BigInt(source.npr);
    denominator *= BigInt(source.unit) * fromScale;
  }
  if (to !== 'NPR') {
    const target = rateOf(rates, to);
    // target minor = paisa × unit × 10^digits / npr
    numerator *= BigInt(target.unit) * 10n ** BigInt(minorDigitsOf(to));
    denominator *= BigInt(target.npr);
  }
  return divideRounded(numerator, denominator);
}

/**
 * The 3-digit prefix of tickets for airlines whose IATA accounting code we do not hold (see
 * `airlines.accounting_code`): a house prefix that no airline uses, so our own numbers can never
 * be mistaken for an airline's. Replace per airline as its accounting code becomes known.
 */
export const HOUSE_ACCOUNTING_CODE = '000';

/** 13 digits: the airline's accounting code (or the house prefix) and a 10-digit serial. */
export function ticketNumber(accountingCode: string | null | undefined, serial: number): string {
  const prefix = accountingCode && /^\d{3}$/.test(accountingCode) ? accountingCode : HOUSE_ACCOUNTING_CODE;
  const digits = String(serial % 10_000_000_000).padStart(10, '0');
  return `${prefix}${digits}`;
}

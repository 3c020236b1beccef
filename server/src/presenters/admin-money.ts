import type { BookingMarkup, Markup, WalletEntry } from '#shared/admin-money';
import type { ExchangeRateView } from '#shared/exchange-rates';
import type { ExchangeRate } from '../domain/exchange-rates/default-exchange-rates';
import type { MarkupRow } from '../domain/markups/manage-markups';
import type { WalletEntryRow } from '../domain/wallet/list-wallet-entries';

/** The admin console's money shapes: wallet entries, markups, a booking's markup. */

export function presentWalletEntry(row: WalletEntryRow): WalletEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    currency: row.currency,
    balance: row.balance,
    reference: row.reference,
    note: row.note,
    pnr: row.pnr,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentMarkup(row: MarkupRow): Markup {
  return {
    id: row.id,
    scope: row.scope,
    origin: row.origin,
    destination: row.destination,
    airlineCode: row.airlineCode,
    kind: row.kind,
    value: row.value,
    currency: row.currency === 'USD' ? 'USD' : 'NPR',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The agency's markup in a booking's price, for the admin's booking views only (the traveller's
 * booking presenter never includes it): `{ amount, currency, legs }` or null.
 */
export function presentBookingMarkup(markup: BookingMarkup | null): BookingMarkup | null {
  if (!markup) return null;
  return {
    amount: markup.amount,
    currency: markup.currency,
    legs: markup.legs.map((leg) => ({ ...leg })),
  };
}

/** An exchange rate as the console shows it. */
export function presentExchangeRate(rate: ExchangeRate): ExchangeRateView {
  return {
    currency: rate.currency,
    unit: rate.unit,
    npr: rate.npr,
    effective_date: rate.effectiveDate,
    source: rate.source,
  };
}

import type { PriceAlert } from '#shared/price-alerts';
import type { PriceAlertRow } from '../domain/price-alerts/manage-price-alerts';

/** A price alert as its owner sees it (its threshold and last check). */
export function presentPriceAlert(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    origin: row.origin,
    destination: row.destination,
    from_date: row.fromDate,
    to_date: row.toDate,
    nationality_code: row.nationalityCode,
    seen_total: row.seenTotal,
    currency: row.currency,
    lowest_total: row.lowestTotal,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_alerted_at: row.lastAlertedAt?.toISOString() ?? null,
    sms: row.sms,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

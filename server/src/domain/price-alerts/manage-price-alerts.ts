import { and, count, desc, eq } from 'drizzle-orm';
import { MAX_DAYS_AHEAD } from '#shared/flights';
import {
  type CreatePriceAlertRequest,
  MAX_PRICE_ALERT_DAYS,
  MAX_PRICE_ALERTS_PER_USER,
} from '#shared/price-alerts';
import type { Db } from '../../db/client';
import { priceAlerts } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import type { AccountUser } from '../accounts/find-user';
import { dayOf, todayInNepal } from '../flight-engine/calendar';
import { checkSearchCodes } from '../search/check-search-codes';

export type PriceAlertRow = typeof priceAlerts.$inferSelect;

/**
 * Sets a price alert for the signed-in user; 400 naming each bad field (`sms` without a mobile on
 * the account), 409 past the limit.
 */
export async function createPriceAlert(
  db: Db,
  options: { user: AccountUser; request: CreatePriceAlertRequest; now?: number },
): Promise<PriceAlertRow> {
  const { user, request } = options;
  const fields = await checkSearchCodes(db, {
    airports: [
      { field: 'origin', code: request.origin },
      { field: 'destination', code: request.destination },
    ],
    nationality: { field: 'nationality_code', code: request.nationality_code },
  });
  if (request.origin === request.destination)
    fields.destination ??= 'Choose a destination different from where you fly from.';
  const today = todayInNepal(options.now);
  const from = dayOf(request.from_date);
  const to = dayOf(request.to_date);
  if (from < today) fields.from_date ??= 'This date has passed. Choose today or a later date.';
  else if (from > today + MAX_DAYS_AHEAD)
    fields.from_date ??= 'Flights can be searched up to one year ahead.';
  if (to < from) fields.to_date ??= 'Choose a last date on or after the first.';
  else if (to - from >= MAX_PRICE_ALERT_DAYS)
    fields.to_date ??= `Watch at most ${MAX_PRICE_ALERT_DAYS} days of departures.`;
  if (request.sms && !user.mobile) fields.sms ??= 'Add a mobile number to your profile to get SMS alerts.';
  if (Object.keys(fields).length) throw invalidFields(fields);

  return db.transaction(async (tx) => {
    const [kept] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, user.id));
    if ((kept?.n ?? 0) >= MAX_PRICE_ALERTS_PER_USER) throw new AppError('PRICE_ALERT_LIMIT');
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        brandId: user.brandId,
        userId: user.id,
        origin: request.origin,
        destination: request.destination,
        fromDate: request.from_date,
        toDate: request.to_date,
        nationalityCode: request.nationality_code,
        currency: request.currency,
        seenTotal: request.seen_total,
        notifiedTotal: request.seen_total,
        sms: request.sms === true,
        language: request.language ?? 'en',
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** The user's price alerts, newest first. */
export function listPriceAlerts(db: Db, user: AccountUser): Promise<PriceAlertRow[]> {
  return db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, user.id), eq(priceAlerts.brandId, user.brandId)))
    .orderBy(desc(priceAlerts.createdAt));
}

/** Deletes one of the user's price alerts (another's or an unknown id: 404). */
export async function deletePriceAlert(
  db: Db,
  options: { user: AccountUser; id: string },
): Promise<PriceAlertRow> {
  const [deleted] = await db
    .delete(priceAlerts)
    .where(
      and(
        eq(priceAlerts.id, options.id),
        eq(priceAlerts.userId, options.user.id),
        eq(priceAlerts.brandId, options.user.brandId),
      ),
    )
    .returning();
  if (!deleted) throw new AppError('NOT_FOUND');
  return deleted;
}

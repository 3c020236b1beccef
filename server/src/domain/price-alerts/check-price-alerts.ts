import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { formatMoney } from '#shared/format-money';
import type { Db } from '../../db/client';
import { priceAlerts, smsOutbox, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { brandNamesOf } from '../brands/brand-names-of';
import { brandSiteUrl } from '../brands/brand-site-url';
import { sendEmail } from '../email/send-email';
import { dateOf, dayOf, MS_PER_DAY, todayInNepal } from '../flight-engine/calendar';
import { findFareCalendar } from '../search/find-fare-calendar';
import { composePriceDropSms } from '../sms/compose-price-drop-sms';
import { smsLength } from '../sms/sms-parts';
import type { PriceAlertRow } from './manage-price-alerts';

/** How often one alert's lowest fare is looked up again. */
export const PRICE_ALERT_CHECK_MS = 6 * 3_600_000;
/** At most one e-mail a day per alert. */
const ALERT_EMAIL_GAP_MS = MS_PER_DAY;
/** Alerts looked up in one pass of the job (the rest wait for the next pass). */
const ALERTS_PER_PASS = 50;

/**
 * One pass of the `alerts.check-prices` job: each alert not looked up for PRICE_ALERT_CHECK_MS
 * gets its route's lowest one-adult fare over its dates (the fare calendar's, with the brand's
 * markups and cancelled flights left out); when that is below the lowest the user was told of, and
 * no alert e-mail went out in the last 24 h, the user is e-mailed a link to those results (and sent
 * it by SMS when they chose it). An
 * alert whose last date has passed is deleted. Safe in several instances at once: each alert is
 * claimed by a conditional update before its e-mail is written, in the same transaction.
 */
export async function checkPriceAlerts(
  db: Db,
  options: { publicUrl: string; now?: number },
): Promise<{ checked: number; alerted: number; expired: number }> {
  const now = options.now ?? Date.now();
  const due = await db
    .select()
    .from(priceAlerts)
    .where(
      or(
        isNull(priceAlerts.lastCheckedAt),
        lt(priceAlerts.lastCheckedAt, new Date(now - PRICE_ALERT_CHECK_MS)),
      ),
    )
    .orderBy(asc(priceAlerts.lastCheckedAt))
    .limit(ALERTS_PER_PASS);
  const result = { checked: 0, alerted: 0, expired: 0 };
  const today = todayInNepal(now);
  for (const alert of due) {
    if (dayOf(alert.toDate) < today) {
      await db.delete(priceAlerts).where(eq(priceAlerts.id, alert.id));
      result.expired++;
      continue;
    }
    const lowest = await lowestFareOf(db, alert, now);
    const alerting =
      lowest !== null &&
      lowest.total < alert.notifiedTotal &&
      (alert.lastAlertedAt === null || now - alert.lastAlertedAt.getTime() >= ALERT_EMAIL_GAP_MS);
    await db.transaction(async (tx) => {
      const claimed = and(
        eq(priceAlerts.id, alert.id),
        alert.lastCheckedAt === null
          ? isNull(priceAlerts.lastCheckedAt)
          : eq(priceAlerts.lastCheckedAt, alert.lastCheckedAt),
      );
      const [updated] = await tx
        .update(priceAlerts)
        .set({
          lastCheckedAt: new Date(now),
          lowestTotal: lowest?.total ?? null,
          ...(alerting && lowest ? { notifiedTotal: lowest.total, lastAlertedAt: new Date(now) } : {}),
        })
        .where(claimed)
        .returning({ id: priceAlerts.id });
      if (!updated) return;
      result.checked++;
      if (!alerting || !lowest) return;
      const [user] = await tx
        .select({ email: users.email, mobile: users.mobile, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, alert.userId));
      if (!user?.email && !(alert.sms && user?.mobile)) return;
      const site = await brandSiteUrl(tx, { brandId: alert.brandId, publicUrl: options.publicUrl });
      if (user.email) {
        await sendEmail(tx, {
          brandId: alert.brandId,
          to: user.email,
          ...alertEmail(alert, lowest, user.firstName, site),
        });
      }
      if (alert.sms && user.mobile)
        await queueAlertSms(tx, { alert, lowest, mobile: user.mobile, site, now });
      result.alerted++;
    });
  }
  return result;
}

/** The lowest one-adult fare of the alert's route over its dates still ahead, and its date. */
async function lowestFareOf(
  db: Db,
  alert: PriceAlertRow,
  now: number,
): Promise<{ total: number; date: string } | null> {
  const first = Math.max(dayOf(alert.fromDate), todayInNepal(now));
  const last = dayOf(alert.toDate);
  const months = new Set<string>();
  for (let day = first; day <= last; day++) months.add(dateOf(day).slice(0, 7));
  let lowest: { total: number; date: string } | null = null;
  for (const month of months) {
    let calendar: Awaited<ReturnType<typeof findFareCalendar>>;
    try {
      calendar = await findFareCalendar(db, {
        origin: alert.origin,
        destination: alert.destination,
        month,
        nationalityCode: alert.nationalityCode,
        brandId: alert.brandId,
        now,
      });
    } catch (error) {
      // An airport or nationality no longer known: nothing to compare this time.
      if (error instanceof AppError) return null;
      throw error;
    }
    if (calendar.currency !== alert.currency) return null;
    for (const { date, lowest_total } of calendar.days) {
      const day = dayOf(date);
      if (day < first || day > last || lowest_total === null) continue;
      if (!lowest || lowest_total < lowest.total) lowest = { total: lowest_total, date };
    }
  }
  return lowest;
}

/** The link to the lowest fare's day of results on the brand's site (a public search). */
function resultsLink(alert: PriceAlertRow, date: string, site: string): string {
  const query = new URLSearchParams({
    trip: 'oneway',
    from: alert.origin,
    to: alert.destination,
    date,
    adults: '1',
    nat: alert.nationalityCode,
  });
  return `${site}/flight-search?${query.toString()}`;
}

/**
 * The alert's SMS (when the user chose it), in the language they set the alert in, written to the
 * SMS outbox in the alert's transaction and sent by the `sms.deliver` job. Once per alert and
 * Nepal day (its `dedupe_key`), as the e-mail; worth sending for a day.
 */
async function queueAlertSms(
  tx: Db,
  options: {
    alert: PriceAlertRow;
    lowest: { total: number; date: string };
    mobile: string;
    site: string;
    now: number;
  },
): Promise<void> {
  const { alert, lowest } = options;
  const text = composePriceDropSms({
    language: alert.language,
    brandName: (await brandNamesOf(tx, alert.brandId)).brandName,
    origin: alert.origin,
    destination: alert.destination,
    currency: alert.currency,
    lowest: lowest.total,
    previous: alert.notifiedTotal,
    date: lowest.date,
    link: resultsLink(alert, lowest.date, options.site),
  });
  await tx
    .insert(smsOutbox)
    .values({
      brandId: alert.brandId,
      kind: 'price_drop',
      dedupeKey: `price_drop:${alert.id}:${dateOf(todayInNepal(options.now))}`,
      to: options.mobile,
      language: alert.language,
      text,
      parts: smsLength(text).parts,
      notAfter: new Date(options.now + MS_PER_DAY),
    })
    .onConflictDoNothing();
}

function alertEmail(
  alert: PriceAlertRow,
  lowest: { total: number; date: string },
  firstName: string,
  site: string,
): { subject: string; text: string } {
  const money = (amount: number) => formatMoney(amount, alert.currency);
  return {
    subject: `Fare drop: ${alert.origin} → ${alert.destination} from ${money(lowest.total)}`,
    text: [
      `Hello ${firstName},`,
      '',
      `The lowest fare from ${alert.origin} to ${alert.destination} between ${alert.fromDate} and ` +
        `${alert.toDate} is now ${money(lowest.total)} for one adult, on ${lowest.date}: below the ` +
        `${money(alert.notifiedTotal)} you last saw.`,
      '',
      `See these flights: ${resultsLink(alert, lowest.date, site)}`,
      '',
      'Fares change often and are confirmed when you book. You get at most one such e-mail a day for',
      'this alert; to stop them, delete the alert under Price alerts in your account.',
    ].join('\n'),
  };
}

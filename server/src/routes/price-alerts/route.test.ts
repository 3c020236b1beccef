import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FareCalendarResponse } from '#shared/flights';
import { MAX_PRICE_ALERTS_PER_USER, type PriceAlert } from '#shared/price-alerts';
import { emailOutbox, priceAlerts } from '../../db/schema/index';
import { checkPriceAlerts } from '../../domain/price-alerts/check-price-alerts';
import { runJob } from '../../jobs/run-all-jobs';
import { api, logInDemo } from '../../test/accounts';
import { inDays } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Price alerts over HTTP (docs/accounts.md#price-alerts): watch a route, hear of a lower fare by e-mail, once
 * a day at most.
 */
let t: TestApp;
let customer: string;
let agent: string;

const post = (cookie: string, payload: object) =>
  api(t, { method: 'POST', url: '/price-alerts', cookie, payload });
const list = async (cookie: string) =>
  (await api(t, { method: 'GET', url: '/price-alerts', cookie })).json().data as PriceAlert[];
const alertBody = (overrides: object = {}) => ({
  origin: 'KTM',
  destination: 'PKR',
  from_date: inDays(5),
  to_date: inDays(8),
  seen_total: 1_000_000_00,
  currency: 'NPR',
  ...overrides,
});
const fareDropMails = () =>
  t.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, 'customer@sajilo.example'), like(emailOutbox.subject, 'Fare drop:%')));

/** The lowest one-adult fare between two dates, as the fare calendar shows it to the brand. */
async function calendarLowest(from: string, to: string): Promise<{ total: number; date: string }> {
  let lowest = { total: Number.POSITIVE_INFINITY, date: '' };
  for (const month of new Set([from.slice(0, 7), to.slice(0, 7)])) {
    const calendar = (
      await api(t, { method: 'GET', url: `/flights/calendar?depart_code=KTM&dest_code=PKR&month=${month}` })
    ).json().data as FareCalendarResponse;
    for (const day of calendar.days) {
      if (day.date < from || day.date > to || day.lowest_total === null) continue;
      if (day.lowest_total < lowest.total) lowest = { total: day.lowest_total, date: day.date };
    }
  }
  return lowest;
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await logInDemo(t, 'sajilo', 'customer');
  agent = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(() => t.close());

describe('price alerts', () => {
  it('refuses a bad alert naming each field, and keeps nothing', async () => {
    const bad = await post(customer, {
      ...alertBody(),
      origin: 'XYZ',
      destination: 'KT',
      from_date: inDays(-1),
      seen_total: 12.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['destination', 'seen_total']);
    const unknown = await post(customer, alertBody({ origin: 'XYZ', from_date: inDays(-1) }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toMatchObject({
      origin: expect.stringContaining('XYZ'),
      from_date: expect.stringContaining('passed'),
    });
    const backwards = await post(customer, alertBody({ from_date: inDays(9), to_date: inDays(8) }));
    expect(backwards.json().data.fields.to_date).toContain('on or after');
    const tooLong = await post(customer, alertBody({ to_date: inDays(60) }));
    expect(tooLong.json().data.fields.to_date).toContain('31 days');
    const same = await post(customer, alertBody({ destination: 'KTM' }));
    expect(same.json().data.fields.destination).toContain('different');
    expect(await list(customer)).toEqual([]);
    expect((await api(t, { method: 'POST', url: '/price-alerts', payload: alertBody() })).statusCode).toBe(
      401,
    );
  });

  it('e-mails a lower fare once, with a link to those results on the brand site; a fare not lower sends nothing', async () => {
    const watching = await post(customer, alertBody());
    expect(watching.statusCode).toBe(200);
    const id = (watching.json().data as PriceAlert).id;
    const quiet = await post(agent, alertBody({ seen_total: 1 }));
    expect(quiet.statusCode).toBe(200);

    await runJob(t.app, 'alerts.check-prices');
    const expected = await calendarLowest(inDays(5), inDays(8));
    const [mine] = await list(customer);
    expect(mine).toMatchObject({ id, lowest_total: expected.total, seen_total: 1_000_000_00 });
    expect(mine?.last_alerted_at).not.toBeNull();
    const mails = await fareDropMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toContain('KTM → PKR');
    expect(mail?.text).toContain(`on ${expected.date}`);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const url = new URL(link);
    expect(url.hostname).toBe('localhost');
    expect(url.pathname).toBe('/flight-search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      trip: 'oneway',
      from: 'KTM',
      to: 'PKR',
      date: expected.date,
      adults: '1',
      nat: 'NP',
    });
    // The agent saw less than any fare now: checked, not e-mailed.
    const [agents] = await list(agent);
    expect(agents?.lowest_total).toBe(expected.total);
    expect(agents?.last_alerted_at).toBeNull();

    // Looked up again within 6 hours: not at all.
    expect(await runJob(t.app, 'alerts.check-prices')).toEqual({
      priceAlerts: { checked: 0, alerted: 0, expired: 0 },
    });
  });

  it('sends at most one e-mail a day per alert, even when the fare keeps falling', async () => {
    const [mine] = await list(customer);
    const alertedAt = Date.parse(mine?.last_alerted_at ?? '');
    // The fare "falls again": the user was last told of a higher one.
    const fallAgain = () =>
      t.app.db
        .update(priceAlerts)
        .set({ notifiedTotal: 1_000_000_00 })
        .where(eq(priceAlerts.id, mine?.id ?? ''));
    await fallAgain();
    const sevenHoursOn = await checkPriceAlerts(t.app.db, {
      publicUrl: t.app.env.PUBLIC_URL,
      now: alertedAt + 7 * 3_600_000,
    });
    expect(sevenHoursOn).toMatchObject({ checked: 2, alerted: 0 });
    expect(await fareDropMails()).toHaveLength(1);
    await fallAgain();
    const nextDay = await checkPriceAlerts(t.app.db, {
      publicUrl: t.app.env.PUBLIC_URL,
      now: alertedAt + 25 * 3_600_000,
    });
    expect(nextDay).toMatchObject({ checked: 2, alerted: 1 });
    expect(await fareDropMails()).toHaveLength(2);
  });

  it('deletes an alert for its owner only, and drops alerts whose dates have passed', async () => {
    const [mine] = await list(customer);
    const byOther = await api(t, { method: 'DELETE', url: `/price-alerts/${mine?.id}`, cookie: agent });
    expect(byOther.statusCode).toBe(404);
    const deleted = await api(t, { method: 'DELETE', url: `/price-alerts/${mine?.id}`, cookie: customer });
    expect(deleted.statusCode).toBe(200);
    expect(await list(customer)).toEqual([]);

    const [agents] = await list(agent);
    await t.app.db
      .update(priceAlerts)
      .set({ fromDate: inDays(-3), toDate: inDays(-1), lastCheckedAt: null })
      .where(eq(priceAlerts.id, agents?.id ?? ''));
    expect(await runJob(t.app, 'alerts.check-prices')).toEqual({
      priceAlerts: { checked: 0, alerted: 0, expired: 1 },
    });
    expect(await list(agent)).toEqual([]);
  });

  it(`keeps at most ${MAX_PRICE_ALERTS_PER_USER} alerts per account`, async () => {
    for (let i = 0; i < MAX_PRICE_ALERTS_PER_USER; i++) {
      expect((await post(customer, alertBody({ to_date: inDays(6 + i) }))).statusCode).toBe(200);
    }
    const over = await post(customer, alertBody());
    expect(over.statusCode).toBe(409);
    expect(over.json().data.code).toBe('PRICE_ALERT_LIMIT');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert } from '#shared/price-alerts';
import { priceAlerts, smsOutbox, users } from '../../db/schema/index';
import { runJob } from '../../jobs/run-all-jobs';
import { type SparrowSandbox, startSparrowSandbox } from '../../sms/sandbox/sparrow-sandbox';
import { api, logInDemo } from '../../test/accounts';
import { inDays } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { smsLength } from '../sms/sms-parts';
import { checkPriceAlerts } from './check-price-alerts';

/**
 * Price alerts by SMS if the user chose it (docs/accounts.md#price-alerts): the choice is kept on the alert,
 * only for an account with a mobile; the SMS goes through the SMS outbox and the configured
 * provider (here the Sparrow stand-in), in the language the alert was set in, with the link to
 * the results, at most once a day per alert as the e-mail.
 */
let sandbox: SparrowSandbox;
let t: TestApp;
let customer: string;
let agent: string;

const post = (cookie: string, payload: object) =>
  api(t, { method: 'POST', url: '/price-alerts', cookie, payload });
const alertBody = (overrides: object = {}) => ({
  origin: 'KTM',
  destination: 'PKR',
  from_date: inDays(5),
  to_date: inDays(8),
  seen_total: 1_000_000_00,
  currency: 'NPR',
  ...overrides,
});
const smsOfAlert = async (alertId: string) =>
  (await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'price_drop'))).filter((row) =>
    row.dedupeKey.startsWith(`price_drop:${alertId}:`),
  );

beforeAll(async () => {
  sandbox = await startSparrowSandbox({ token: 'sparrow-test-token', from: 'SajiloTrvl' });
  t = await createTestApp({
    SMS_PROVIDER: 'sparrow',
    SMS_API_URL: sandbox.url,
    SPARROW_SMS_TOKEN: 'sparrow-test-token',
    SPARROW_SMS_FROM: 'SajiloTrvl',
  });
  customer = await logInDemo(t, 'sajilo', 'customer');
  agent = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

describe('price alerts by SMS', () => {
  it('keeps the SMS choice and language on the alert; refuses SMS without a mobile, naming the field', async () => {
    const bad = await post(customer, alertBody({ sms: 'yes', language: 'fr' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toEqual(expect.arrayContaining(['sms', 'language']));

    await t.app.db.update(users).set({ mobile: null }).where(eq(users.email, 'agent@sajilo.example'));
    const noMobile = await post(agent, alertBody({ sms: true }));
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().data.fields).toHaveProperty('sms');
    expect(await t.app.db.select().from(priceAlerts)).toHaveLength(0);
    // E-mail only is still theirs to set.
    const emailOnly = await post(agent, alertBody());
    expect(emailOnly.statusCode).toBe(200);
    expect(emailOnly.json().data).toMatchObject({ sms: false, language: 'en' });

    const withSms = await post(customer, alertBody({ sms: true, language: 'ne' }));
    expect(withSms.statusCode, withSms.body).toBe(200);
    expect(withSms.json().data).toMatchObject({ sms: true, language: 'ne' });
    const listed = (await api(t, { method: 'GET', url: '/price-alerts', cookie: customer })).json()
      .data as PriceAlert[];
    expect(listed[0]).toMatchObject({ sms: true, language: 'ne' });
  });

  it('sends the fare drop by SMS in the alert’s language with the results link, at most once a day', async () => {
    const [mine] = await t.app.db.select().from(priceAlerts).where(eq(priceAlerts.sms, true));
    if (!mine) throw new Error('no SMS alert');
    const [agents] = await t.app.db.select().from(priceAlerts).where(eq(priceAlerts.sms, false));

    await t.app.db
      .update(users)
      .set({ mobile: '+9779800000002' })
      .where(eq(users.email, 'agent@sajilo.example'));
    await runJob(t.app, 'alerts.check-prices');
    const [row, ...more] = await smsOfAlert(mine.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ to: '+9779800000003', language: 'ne', bookingId: null });
    // Nepali: Devanagari words, the link kept as it is, the parts counted.
    expect(row?.text).toContain('भाडा घट्यो');
    const link = /https?:\/\/\S+/.exec(row?.text ?? '')?.[0] ?? '';
    const url = new URL(link);
    expect(url.pathname).toBe('/flight-search');
    expect(url.searchParams.get('from')).toBe('KTM');
    expect(url.searchParams.get('to')).toBe('PKR');
    expect(row?.parts).toBe(smsLength(row?.text ?? '').parts);
    expect(row?.parts).toBeLessThanOrEqual(3);
    // The e-mail-only alert (its owner has a mobile again) was e-mailed, and wrote no SMS.
    const [agentsAfter] = await t.app.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.id, agents?.id ?? ''));
    expect(agentsAfter?.lastAlertedAt).not.toBeNull();
    expect(await smsOfAlert(agents?.id ?? '')).toEqual([]);

    // Through the provider, like every SMS.
    await runJob(t.app, 'sms.deliver');
    const delivered = sandbox.inbox.filter((sms) => sms.text.includes('/flight-search?'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.to).toBe('9800000003');
    expect(delivered[0]?.text).toBe(row?.text);

    // The fare falls again: nothing more the same day, one more SMS the next.
    const [after] = await t.app.db.select().from(priceAlerts).where(eq(priceAlerts.id, mine.id));
    const alertedAt = after?.lastAlertedAt?.getTime() ?? Number.NaN;
    const fallAgain = () =>
      t.app.db.update(priceAlerts).set({ notifiedTotal: 1_000_000_00 }).where(eq(priceAlerts.id, mine.id));
    await fallAgain();
    await checkPriceAlerts(t.app.db, { publicUrl: t.app.env.PUBLIC_URL, now: alertedAt + 7 * 3_600_000 });
    expect(await smsOfAlert(mine.id)).toHaveLength(1);
    await fallAgain();
    await checkPriceAlerts(t.app.db, { publicUrl: t.app.env.PUBLIC_URL, now: alertedAt + 25 * 3_600_000 });
    expect(await smsOfAlert(mine.id)).toHaveLength(2);
  });
});

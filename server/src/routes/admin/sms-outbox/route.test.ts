import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsOutboxEntry } from '#shared/admin';
import { smsOutbox } from '../../../db/schema/index';
import { api, logInDemo } from '../../../test/accounts';
import { adminSessions, GLOBALIME } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The console's SMS delivery log (docs/sms.md): the brand's own SMS, mobiles masked, no working link. */
let t: TestApp;
let sajiloBrandId: string;
let globalimeBrandId: string;

beforeAll(async () => {
  t = await createTestApp();
  const sessions = await adminSessions(t);
  sajiloBrandId = (await api(t, { method: 'GET', url: '/admin/brand', cookie: sessions.sajiloAdmin })).json()
    .data.id;
  globalimeBrandId = (
    await api(t, { method: 'GET', url: '/admin/brand', cookie: sessions.globalimeAdmin, host: GLOBALIME })
  ).json().data.id;
  await t.app.db.insert(smsOutbox).values([
    {
      brandId: sajiloBrandId,
      kind: 'price_drop',
      dedupeKey: 'price_drop:test:1',
      to: '+9779812345678',
      language: 'en',
      text: 'Sajilo Travels: Fare drop KTM-PKR: NPR 3,000 on 1 May, was NPR 4,000. See flights: http://localhost:5173/flight-search?trip=oneway&from=KTM&to=PKR&date=2026-05-01',
      parts: 2,
      sentAt: new Date('2026-04-20T06:00:00Z'),
      provider: 'sparrow',
      providerCode: '200',
      attempts: 1,
    },
    {
      brandId: sajiloBrandId,
      kind: 'held',
      dedupeKey: 'held:test:2',
      to: '+9779800000099',
      language: 'ne',
      text: 'Sajilo Travels: PNR KX7M2P राखियो।',
      parts: 1,
      failedAt: new Date('2026-04-20T07:00:00Z'),
      fallbackEmailedAt: new Date('2026-04-20T07:00:00Z'),
      provider: 'sparrow',
      providerCode: '1007',
      lastError: '1007: Invalid Receiver',
      attempts: 1,
    },
    {
      brandId: globalimeBrandId,
      kind: 'held',
      dedupeKey: 'held:test:3',
      to: '+9779811111111',
      language: 'en',
      text: 'Global IME: Booking ABCDEF held.',
      parts: 1,
    },
  ]);
});
afterAll(() => t.close());

describe('GET /admin/sms-outbox', () => {
  it('lists the brand’s own SMS with status and provider answers, mobiles masked and link queries hidden', async () => {
    const admin = await logInDemo(t, 'sajilo', 'admin');
    const response = await api(t, { method: 'GET', url: '/admin/sms-outbox', cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const { items, total } = response.json().data as { items: SmsOutboxEntry[]; total: number };
    expect(total).toBe(2);
    const drop = items.find((item) => item.kind === 'price_drop');
    const held = items.find((item) => item.kind === 'held');
    expect(drop).toMatchObject({ to: '+97798*****678', status: 'sent', providerCode: '200', parts: 2 });
    expect(drop?.text).toContain(
      'http://localhost:5173/flight-search?trip=********&from=********&to=********&date=********',
    );
    expect(held).toMatchObject({
      to: '+97798*****099',
      status: 'failed',
      providerCode: '1007',
      lastError: '1007: Invalid Receiver',
      language: 'ne',
    });
    expect(held?.fallbackEmailedAt).not.toBeNull();
    expect(response.body).not.toContain('9812345678');
    expect(response.body).not.toContain('from=KTM');
    expect(response.body).not.toContain('Global IME');
  });

  it('is for the brand’s console only', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    expect((await api(t, { method: 'GET', url: '/admin/sms-outbox', cookie: agent })).statusCode).toBe(403);
    expect((await api(t, { method: 'GET', url: '/admin/sms-outbox' })).statusCode).toBe(401);
  });
});

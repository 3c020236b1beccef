import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adToBs, BS_MONTH_NAMES, bsToAd } from '#shared/bikram-sambat';
import type { Booking } from '#shared/bookings';
import { localToUtc } from '#shared/time/zoned';
import { emailOutbox, users, walletStatementEmails } from '../../db/schema/index';
import { JOB_DEFINITIONS } from '../../jobs/definitions';
import { logInDemo } from '../../test/accounts';
import { holdBooking, payBooking, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { kathmanduLocal } from './kathmandu-dates';
import { previousBsMonth } from './send-monthly-statements';

describe('previousBsMonth', () => {
  it('is the whole BS month before the day, across the BS new year', () => {
    // 1 Baisakh 2083 is 2026-04-14: the month before is Chaitra 2082.
    expect(bsToAd({ year: 2083, month: 1, day: 1 })).toBe('2026-04-14');
    const chaitra = previousBsMonth('2026-04-14');
    expect(chaitra).toMatchObject({ bsYear: 2082, bsMonth: 12, to: '2026-04-13' });
    expect(adToBs(chaitra.from)).toEqual({ year: 2082, month: 12, day: 1 });
    // Any day of a month gives the same previous month.
    expect(previousBsMonth('2026-05-20')).toEqual(previousBsMonth('2026-06-01'));
    expect(previousBsMonth('2026-05-20')).toMatchObject({ bsYear: 2083, bsMonth: 1, from: '2026-04-14' });
  });
});

describe('the monthly statements job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("e-mails each agent the BS month's statement on the first of the next month, once", async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const held = await holdBooking(t, agent, { days: 11 });
    const paid = await payBooking(t, agent, held.pnr, 'wallet');
    expect(paid.statusCode, paid.body).toBe(200);
    const booking = paid.json().data.booking as Booking;
    const wallet = await walletOf(t.app.db, 'agent@sajilo.example');

    // The first day of the next BS month, ten past midnight in Nepal.
    const today = adToBs(kathmanduLocal(new Date()).date);
    if (!today) throw new Error('today is outside the BS table');
    const next =
      today.month === 12 ? { year: today.year + 1, month: 1 } : { year: today.year, month: today.month + 1 };
    const firstOfNext = bsToAd({ ...next, day: 1 });
    const runAt = new Date(localToUtc(`${firstOfNext}T00:10`, 'Asia/Kathmandu'));
    const monthName = `${BS_MONTH_NAMES.en[today.month - 1]} ${today.year}`;

    const job = JOB_DEFINITIONS['wallet.monthly-statements'];
    const first = await job.run(t.app, { now: runAt });
    expect(first.monthlyStatements).toBeGreaterThanOrEqual(2); // both demo brands' agents
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} = ${`Your wallet statement for ${monthName}`}`);
    expect(mails.length).toBe(first.monthlyStatements);
    const mine = mails.filter((m) => m.to === 'agent@sajilo.example');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.text).toContain(booking.pnr);
    expect(mine[0]?.text).toContain('Opening balance: NPR 0.00');
    expect(mine[0]?.text).toContain(
      `Closing balance: NPR ${(wallet.balance / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    expect(mails.map((m) => m.to)).not.toContain('customer@sajilo.example');

    // Again that day, and later that month: nothing more.
    expect((await job.run(t.app, { now: runAt })).monthlyStatements).toBe(0);
    expect(
      (await job.run(t.app, { now: new Date(runAt.getTime() + 5 * 86_400_000) })).monthlyStatements,
    ).toBe(0);
    const [agentRow] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    const marks = await t.app.db
      .select()
      .from(walletStatementEmails)
      .where(
        and(
          eq(walletStatementEmails.userId, agentRow?.id ?? ''),
          eq(walletStatementEmails.bsMonth, today.month),
        ),
      );
    expect(marks).toHaveLength(1);
    expect(
      await t.app.db
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.subject} = ${`Your wallet statement for ${monthName}`}`),
    ).toHaveLength(mails.length);
  });
});

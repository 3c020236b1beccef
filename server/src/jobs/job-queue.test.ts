import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { bookings } from '../db/schema/index';
import { logInDemo } from '../test/accounts';
import { holdBooking, payBooking } from '../test/bookings';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { JOB_NAMES } from './definitions';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tikat <tickets@tikat.example>' });
  await t.app.jobs.startWorkers(t.app, 1);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; tries < 300; tries++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe('the job queue (pg-boss in the application database), with this instance working it', () => {
  it('makes a queue in the database for every job definition', async () => {
    const queues = await queryRows<{ name: string }>(
      t.app.db,
      sql`select name from pgboss.queue order by name`,
    );
    expect(queues.map((q) => q.name)).toEqual([...JOB_NAMES].sort());
  });

  it('mails the e-ticket of a booking paid from the wallet with nobody running a pass by hand', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const held = await holdBooking(t, agent);
    expect((await payBooking(t, agent, held.pnr, 'wallet')).statusCode).toBe(200);
    const mail = await eventually(
      async () => smtp.received.find((m) => m.data.includes(held.pnr)),
      `the e-ticket of ${held.pnr} reaching the SMTP server`,
    );
    expect(mail.to).toEqual(['hari@example.com']);
  });

  it('expires a hold that lapsed and gives its seats back, on its own', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const held = await holdBooking(t, agent);
    await t.app.db
      .update(bookings)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.pnr, held.pnr));
    const status = await eventually(async () => {
      const [row] = await t.app.db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.pnr, held.pnr));
      return row?.status === 'expired' ? row.status : undefined;
    }, `${held.pnr} expiring`);
    expect(status).toBe('expired');
  });
});

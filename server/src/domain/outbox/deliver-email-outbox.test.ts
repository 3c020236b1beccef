import { eq, like, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { runJob } from '../../jobs/run-all-jobs';
import { api, logInDemo } from '../../test/accounts';
import { PNG_PIXEL, setPngHeaderLogo } from '../../test/admin';
import { holdBooking } from '../../test/bookings';
import { mailHeader, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendEmail } from '../email/send-email';
import { backOffSeconds } from './deliver-due-rows';
import { deliverOutbox, MAX_SEND_ATTEMPTS } from './deliver-email-outbox';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tikat <tickets@tikat.example>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const outboxRow = async (subjectPart: string) => {
  const [row] = await t.app.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.subject, `%${subjectPart}%`));
  return row;
};

describe('outbox delivery over SMTP (a real SMTP conversation with a local server)', () => {
  it('sends the e-ticket with its PDF attached, once, and records it sent', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const held = await holdBooking(t, agent);
    const paid = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/payments`,
      cookie: agent,
      payload: { method: 'wallet' },
    });
    expect(paid.statusCode).toBe(200);
    await runJob(t.app, 'email.deliver-outbox');
    await runJob(t.app, 'email.deliver-outbox');
    const mails = smtp.received.filter((mail) => mail.data.includes(held.pnr));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual(['hari@example.com']);
    expect(mail?.from).toBe('tickets@tikat.example');
    expect(mail && mailHeader(mail, 'Subject')).toBe(`Your e-ticket ${held.pnr} (KTM → PKR)`);
    expect(mail?.data).toMatch(/Content-Type: application\/pdf; name=e-ticket-[A-Z0-9]{6}\.pdf/);
    expect(mail?.data).toContain(`filename=e-ticket-${held.pnr}.pdf`);
    // The attachment is the PDF itself (base64 of "%PDF").
    expect(mail?.data).toContain('JVBERi');
    const row = await outboxRow(held.pnr);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    expect(row?.attachments).toEqual([{ kind: 'e-ticket', bookingId: expect.any(String) }]);
  });

  it('sends account e-mails (a password reset) through the same path, in text and in the brand’s HTML', async () => {
    const response = await api(t, {
      method: 'POST',
      url: '/auth/password-reset',
      payload: { email: 'customer@sajilo.example' },
    });
    expect(response.statusCode).toBeLessThan(300);
    await runJob(t.app, 'email.deliver-outbox');
    const mail = smtp.received.find((m) => m.to.includes('customer@sajilo.example'));
    expect(mail && mailHeader(mail, 'Subject')).toMatch(/^Reset your .* password$/);
    // Read back by an independent MIME parser, as a mail client would.
    const parsed = await simpleParser(mail?.data ?? '');
    const link = /https?:\/\/\S+token=[^\s&]+/.exec(parsed.text ?? '')?.[0];
    expect(link, parsed.text).toBeDefined();
    const html = parsed.html || '';
    expect(html).toContain('<html lang="en">');
    // Sajilo's primary colour across the top, its name there (its logo is an SVG, which mail
    // clients do not show), the company at the foot, and the same working link as the text.
    expect(html).toContain('background:#0b6e4f');
    expect(html).toContain('Sajilo Travels');
    expect(html).toContain(`href="${link?.replace(/&/g, '&amp;')}"`);
    expect(html).not.toContain('********');
  });

  it('shows an uploaded PNG logo inside the HTML e-mail', async () => {
    await setPngHeaderLogo(t);
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const held = await holdBooking(t, agent);
    expect(
      (
        await api(t, {
          method: 'POST',
          url: `/bookings/${held.pnr}/payments`,
          cookie: agent,
          payload: { method: 'wallet' },
        })
      ).statusCode,
    ).toBe(200);
    await runJob(t.app, 'email.deliver-outbox');
    const mail = smtp.received.find((m) => m.data.includes(held.pnr));
    // skipImageLinks: keep `cid:` as sent (the parser would inline it as a data address).
    const parsed = await simpleParser(mail?.data ?? '', { skipImageLinks: true });
    expect(parsed.html).toContain('src="cid:brand-logo@tikat"');
    const logo = parsed.attachments.find((a) => a.cid === 'brand-logo@tikat');
    expect(logo?.content.equals(PNG_PIXEL)).toBe(true);
    expect(parsed.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'image/png']);
    expect(parsed.text).toContain(held.pnr);
  });

  it('backs off after a failure, retries when due, and gives up after the last attempt', async () => {
    await sendEmail(t.app.db, { brandId: null, to: 'retry@example.com', subject: 'Retry me', text: 'Hello' });
    smtp.failNext(1);
    expect((await runJob(t.app, 'email.deliver-outbox')).emailsSent).toBe(0);
    let row = await outboxRow('Retry me');
    expect(row).toMatchObject({ sentAt: null, attempts: 1, claimedUntil: null, failedAt: null });
    expect(row?.lastError).toContain('451');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await runJob(t.app, 'email.deliver-outbox')).emailsSent).toBe(0); // not due yet
    await t.app.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, row?.id ?? ''));
    expect((await runJob(t.app, 'email.deliver-outbox')).emailsSent).toBe(1);
    row = await outboxRow('Retry me');
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(smtp.received.map((m) => m.to)).toEqual([['retry@example.com']]);

    await sendEmail(t.app.db, { brandId: null, to: 'never@example.com', subject: 'Give up', text: 'x' });
    const given = await outboxRow('Give up');
    await t.app.db
      .update(emailOutbox)
      .set({ attempts: MAX_SEND_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, given?.id ?? ''));
    smtp.failNext(1);
    await runJob(t.app, 'email.deliver-outbox');
    expect((await outboxRow('Give up'))?.failedAt).toBeInstanceOf(Date);
    smtp.failNext(0);
  });

  it('backs off 1, 2, 4 … minutes, at most an hour', () => {
    expect([1, 2, 3, 4, 10].map(backOffSeconds)).toEqual([60, 120, 240, 480, 3_600]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two instances running the job at once send each e-mail once (PostgreSQL)',
    async () => {
      const url = (t.database as { url?: string }).url;
      if (!url) throw new Error('no database url');
      for (let i = 0; i < 40; i++)
        await sendEmail(t.app.db, {
          brandId: null,
          to: `race${i}@example.com`,
          subject: `Race ${i}`,
          text: 'x',
        });
      const second = await openDatabase({ databaseUrl: url, poolSize: 5 });
      const transport = () => nodemailer.createTransport(smtp.url);
      const run = (db: typeof t.app.db) =>
        deliverOutbox(db, {
          transport: transport(),
          from: 'tickets@tikat.example',
          payments: t.app.payments,
          limit: 5,
          linksKey: t.app.emailLinksKey,
        });
      try {
        const passes = await Promise.all([1, 2, 3, 4].flatMap(() => [run(t.app.db), run(second.db)]));
        let sent = passes.reduce((a, b) => a + b, 0);
        while (sent < 40) sent += await run(second.db);
        const races = smtp.received.filter((m) => m.to[0]?.startsWith('race'));
        expect(races).toHaveLength(40);
        expect(new Set(races.map((m) => m.to[0])).size).toBe(40);
        expect(passes.filter((n) => n > 0).length).toBeGreaterThan(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe('without SMTP_URL', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('keeps e-mails in the outbox, unsent and readable', async () => {
    await sendEmail(plain.app.db, { brandId: null, to: 'a@example.com', subject: 'Stays', text: 'x' });
    expect(plain.app.mail.transport).toBeUndefined();
    expect((await runJob(plain.app, 'email.deliver-outbox')).emailsSent).toBe(0);
    const [row] = await plain.app.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Stays'));
    expect(row).toMatchObject({ sentAt: null, attempts: 0 });
  });
});

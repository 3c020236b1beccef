import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetail, ManualRefund } from '#shared/admin-bookings';
import { auditLog, emailOutbox, ledgerLines } from '../../../db/schema/index';
import { checkBooks } from '../../../domain/ledger/check-books';
import { api, GLOBALIME, logInDemo } from '../../../test/accounts';
import { asAdmin } from '../../../test/admin';
import { holdBooking, payBooking } from '../../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  paidAtGateway,
  type SandboxTestApp,
} from '../../../test/payment-sandbox';
import { addStaffMember } from '../../../test/staff';

/**
 * eSewa's and ConnectIPS's refunds are made by an operator from the gateway's merchant panel:
 * the console lists what is still to pay back and records each one, with the gateway's reference,
 * which completes the refund and puts it in the books.
 */

let t: SandboxTestApp;
let customer: string;
let owner: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  customer = await logInDemo(t, 'sajilo', 'customer');
  owner = await logInDemo(t, 'sajilo', 'admin');
});
afterAll(() => t.close());

/** A customer's booking paid through eSewa's sandbox and cancelled: an eSewa refund to make by hand. */
async function cancelledEsewaBooking(days: number) {
  const held = await holdBooking(t, customer, { days });
  await followReturn(t.app, await paidAtGateway(t, customer, held.pnr, 'esewa'));
  const cancelled = await api(t, {
    method: 'POST',
    url: `/bookings/${held.pnr}/cancel`,
    cookie: customer,
    payload: { confirm: true },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return held.pnr;
}

const listOf = async (cookie: string) =>
  (await asAdmin(t, cookie, 'GET', '/admin/refunds')).json().data as ManualRefund[];
const complete = (cookie: string, pnr: string, refundId: string, payload: unknown) =>
  asAdmin(t, cookie, 'POST', `/admin/bookings/${pnr}/refunds/${refundId}/complete`, payload);

describe('refunds paid back by hand', () => {
  it('lists an eSewa refund to make, records it with its reference: completed, in the books, told and audited', async () => {
    const pnr = await cancelledEsewaBooking(18);
    const waiting = (await listOf(owner)).find((r) => r.pnr === pnr);
    expect(waiting).toMatchObject({ method: 'esewa', currency: 'NPR' });
    if (!waiting) throw new Error('no refund listed');
    expect(waiting.amount).toBeGreaterThan(0);
    const booksBefore = await checkBooks(t.app.db);
    expect(booksBefore.problems).toEqual([]);

    const tooShort = await complete(owner, pnr, waiting.id, { reference: ' 1 ' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().data.fields).toHaveProperty('reference');

    // A finance member records it (the role that makes refunds).
    const finance = await addStaffMember(t, 'finance', { ownerCookie: owner });
    const done = await complete(finance.cookie, pnr, waiting.id, { reference: 'ESW-RF-00042' });
    expect(done.statusCode, done.body).toBe(200);
    const detail = done.json().data as AdminBookingDetail;
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        id: waiting.id,
        status: 'completed',
        completedReference: 'ESW-RF-00042',
        amount: waiting.amount,
      }),
    ]);
    expect(detail.booking.history.at(-1)?.note).toContain('paid back through eSewa (reference ESW-RF-00042)');
    expect((await listOf(owner)).some((r) => r.id === waiting.id)).toBe(false);

    // In the books: the money left eSewa and the brand's sales.
    const lines = await t.app.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amount })
      .from(ledgerLines)
      .where(eq(ledgerLines.refundId, waiting.id));
    expect(lines.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: expect.stringMatching(/^brand:.*:sales$/), amount: -waiting.amount },
      { account: 'gateway:esewa', amount: waiting.amount },
    ]);
    const booksAfter = await checkBooks(t.app.db);
    expect(booksAfter.problems).toEqual([]);

    // The traveller is told, with the gateway's reference; the change is audited.
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Refund sent: booking ${pnr}`));
    expect(mail?.text).toContain('ESW-RF-00042');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.complete'), eq(auditLog.entityId, waiting.id)));
    expect(audit).toMatchObject({ actorLabel: finance.email, entityType: 'refund' });
    expect(audit?.after).toMatchObject({ status: 'completed', reference: 'ESW-RF-00042' });

    // Once only.
    const again = await complete(owner, pnr, waiting.id, { reference: 'ESW-RF-00043' });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.code).toBe('REFUND_ALREADY_COMPLETED');
  });

  it('records a refund clicked twice at once exactly once, with the operator’s note', async () => {
    const pnr = await cancelledEsewaBooking(21);
    const waiting = (await listOf(owner)).find((r) => r.pnr === pnr);
    if (!waiting) throw new Error('no refund listed');
    const payload = { reference: 'ESW-RF-TWICE', note: 'Sent from the eSewa merchant panel by Sita' };
    const answers = await Promise.all([
      complete(owner, pnr, waiting.id, payload),
      complete(owner, pnr, waiting.id, payload),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().data.code).toBe(
      'REFUND_ALREADY_COMPLETED',
    );

    // One journal in the books: the gateway's line and the brand's, once.
    const lines = await t.app.db
      .select({ amount: ledgerLines.amount })
      .from(ledgerLines)
      .where(eq(ledgerLines.refundId, waiting.id));
    expect(lines.map((line) => Math.abs(line.amount))).toEqual([waiting.amount, waiting.amount]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.complete'), eq(auditLog.entityId, waiting.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ reference: 'ESW-RF-TWICE', note: payload.note });
    const history = (await asAdmin(t, owner, 'GET', `/admin/bookings/${pnr}`)).json()
      .data as AdminBookingDetail;
    expect(history.booking.history.at(-1)?.note).toContain(payload.note);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);

    const tooLong = await complete(owner, pnr, waiting.id, {
      reference: 'ESW-RF-LONG',
      note: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.fields).toHaveProperty('note');
  });

  it('refuses a wallet refund, another brand’s booking and roles that do not make refunds', async () => {
    const pnr = await cancelledEsewaBooking(19);
    const refund = (await listOf(owner)).find((r) => r.pnr === pnr);
    if (!refund) throw new Error('no refund listed');

    const sales = await addStaffMember(t, 'sales', { ownerCookie: owner });
    const refused = await complete(sales.cookie, pnr, refund.id, { reference: 'ESW-RF-1' });
    expect(refused.statusCode).toBe(403);
    expect((await asAdmin(t, sales.cookie, 'GET', '/admin/refunds')).statusCode).toBe(403);

    const otherBrand = await logInDemo(t, 'globalime', 'admin');
    const elsewhere = await asAdmin(
      t,
      otherBrand,
      'POST',
      `/admin/bookings/${pnr}/refunds/${refund.id}/complete`,
      { reference: 'ESW-RF-1' },
      GLOBALIME,
    );
    expect(elsewhere.statusCode).toBe(404);

    // An agent's wallet booking cancelled: its refund is a wallet credit, made at once.
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const walletHeld = await holdBooking(t, agent, { days: 20 });
    expect((await payBooking(t, agent, walletHeld.pnr, 'wallet')).statusCode).toBe(200);
    const walletCancel = await asAdmin(t, owner, 'POST', `/admin/bookings/${walletHeld.pnr}/cancel`, {
      confirm: true,
    });
    expect(walletCancel.statusCode, walletCancel.body).toBe(200);
    const walletDetail = (await asAdmin(t, owner, 'GET', `/admin/bookings/${walletHeld.pnr}`)).json()
      .data as AdminBookingDetail;
    const [walletRefund] = walletDetail.refunds;
    if (!walletRefund) throw new Error('no wallet refund');
    const notManual = await complete(owner, walletHeld.pnr, walletRefund.id, { reference: 'WALLET-1' });
    expect(notManual.statusCode).toBe(409);
    expect(notManual.json().data.code).toBe('REFUND_NOT_MANUAL');

    // Nothing above changed the eSewa refund.
    expect((await listOf(owner)).find((r) => r.id === refund.id)).toMatchObject({ pnr });
  });
});

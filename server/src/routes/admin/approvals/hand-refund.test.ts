import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualRefund } from '#shared/admin-bookings';
import { auditLog } from '../../../db/schema/index';
import { api, logInDemo } from '../../../test/accounts';
import { asAdmin } from '../../../test/admin';
import { holdBooking } from '../../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  paidAtGateway,
  type SandboxTestApp,
} from '../../../test/payment-sandbox';
import { addStaffMember } from '../../../test/staff';

/** A refund recorded as paid by hand above the brand's threshold waits for a second person (docs/admin.md#four-eyes-approvals). */
let t: SandboxTestApp;
let customer: string;
let owner: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  customer = await logInDemo(t, 'sajilo', 'customer');
  owner = await logInDemo(t, 'sajilo', 'admin');
});
afterAll(() => t.close());

const refundsToPay = async () =>
  (await asAdmin(t, owner, 'GET', '/admin/refunds')).json().data as ManualRefund[];

describe('a hand refund above the threshold', () => {
  it('answers 202 and completes nothing until another finance member approves it', async () => {
    const held = await holdBooking(t, customer, { days: 19 });
    await followReturn(t.app, await paidAtGateway(t, customer, held.pnr, 'esewa'));
    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: customer,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const waiting = (await refundsToPay()).find((refund) => refund.pnr === held.pnr);
    if (!waiting) throw new Error('no refund listed');
    const policy = (await asAdmin(t, owner, 'GET', '/admin/approval-policy')).json().data;
    const lowered = await asAdmin(t, owner, 'PUT', '/admin/approval-policy', {
      ...policy,
      handRefundThreshold: waiting.amount - 1,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const finance = await addStaffMember(t, 'finance', { ownerCookie: owner });

    const url = `/admin/bookings/${held.pnr}/refunds/${waiting.id}/complete`;
    const proposed = await asAdmin(t, owner, 'POST', url, { reference: 'ESW-RF-4EYES' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().data.approval).toMatchObject({
      status: 'pending',
      action: 'hand_refund',
      amount: waiting.amount,
    });
    expect((await refundsToPay()).some((refund) => refund.id === waiting.id)).toBe(true);

    const id = proposed.json().data.approval.id;
    const approved = await asAdmin(t, finance.cookie, 'POST', `/admin/approvals/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await refundsToPay()).some((refund) => refund.id === waiting.id)).toBe(false);
    const completions = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'refund.complete'));
    expect(completions).toHaveLength(1);
    expect(completions[0]?.actorLabel).toBe(finance.email);
  });
});

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../../db/schema/index';
import { logInDemo } from '../../../test/accounts';
import { asAdmin, GLOBALIME } from '../../../test/admin';
import { walletOf } from '../../../test/bookings';
import { addStaffMember } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';

const AGENT = 'agent@sajilo.example';
let t: TestApp;
let owner: string;
let agentId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await logInDemo(t, 'sajilo', 'admin');
  agentId = (await walletOf(t.app.db, AGENT)).id;
}, 60_000);
afterAll(() => t.close());

const topUp = (cookie: string, amount: number, reference: string) =>
  asAdmin(t, cookie, 'POST', `/admin/users/${agentId}/wallet/top-ups`, { amount, reference });

describe('four eyes above a threshold', () => {
  it('lets an owner with no one to approve act alone, and the audit says so', async () => {
    const before = await walletOf(t.app.db, AGENT);
    const alone = await topUp(owner, 20_000_000, 'ALONE-1');
    expect(alone.statusCode, alone.body).toBe(200);
    expect((await walletOf(t.app.db, AGENT)).balance).toBe(before.balance + 20_000_000);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approval.applied-alone'));
    expect(entry?.after).toMatchObject({
      action: 'wallet_top_up',
      amount: 20_000_000,
      reason: expect.stringMatching(/without a second person/),
    });
  });

  it('reads the defaults and lets only the owner change them (400 naming the field)', async () => {
    const finance = (await addStaffMember(t, 'finance', { ownerCookie: owner })).cookie;
    const policy = await asAdmin(t, finance, 'GET', '/admin/approval-policy');
    expect(policy.json().data).toEqual({
      topUpThreshold: 10_000_000,
      creditLimitThreshold: 10_000_000,
      handRefundThreshold: 10_000_000,
      commissionRateThreshold: 1_000,
    });
    const changed = { ...policy.json().data, creditLimitThreshold: 5_000_000 };
    expect((await asAdmin(t, finance, 'PUT', '/admin/approval-policy', changed)).statusCode).toBe(403);
    const bad = await asAdmin(t, owner, 'PUT', '/admin/approval-policy', { ...changed, topUpThreshold: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('topUpThreshold');
    const saved = await asAdmin(t, owner, 'PUT', '/admin/approval-policy', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await asAdmin(t, owner, 'GET', '/admin/approval-policy')).json().data).toEqual(changed);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approval-policy.update'));
    expect(audits).toHaveLength(1);
  });

  it('answers at or below the threshold as before, and queues above it: listed, e-mailed, rejected', async () => {
    const finance = (await addStaffMember(t, 'finance', { ownerCookie: owner })).cookie;
    const before = await walletOf(t.app.db, AGENT);
    const atThreshold = await topUp(finance, 10_000_000, 'AT-THRESHOLD');
    expect(atThreshold.statusCode).toBe(200);
    expect(atThreshold.json().data).toMatchObject({ replayed: false, balance: before.balance + 10_000_000 });

    const limit = await asAdmin(t, finance, 'PUT', `/admin/users/${agentId}/wallet/credit-limit`, {
      creditLimit: 6_000_000,
    });
    expect(limit.statusCode, limit.body).toBe(202);
    expect(limit.json().data.approval).toMatchObject({
      status: 'pending',
      action: 'credit_limit',
      amount: 6_000_000,
    });

    const pending = await asAdmin(t, owner, 'GET', '/admin/approvals?status=pending');
    expect(pending.json().data.items.map((item: { id: number }) => item.id)).toEqual([
      limit.json().data.approval.id,
    ]);
    const otherBrand = await asAdmin(
      t,
      await logInDemo(t, 'globalime', 'admin'),
      'GET',
      '/admin/approvals',
      undefined,
      GLOBALIME,
    );
    expect(otherBrand.json().data.items).toEqual([]);
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'admin@sajilo.example'), like(emailOutbox.subject, '%awaits approval%')));
    expect(mails).toHaveLength(1);

    const id = limit.json().data.approval.id;
    const rejected = await asAdmin(t, owner, 'POST', `/admin/approvals/${id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.status).toBe('rejected');
    const credit = await asAdmin(t, owner, 'GET', `/admin/users/${agentId}/wallet/credit`);
    expect(credit.json().data.creditLimit).toBe(0);
    expect((await asAdmin(t, owner, 'POST', `/admin/approvals/${id}/approve`)).statusCode).toBe(409);
    expect((await asAdmin(t, owner, 'POST', '/admin/approvals/999999/approve')).statusCode).toBe(404);
    expect((await asAdmin(t, owner, 'POST', '/admin/approvals/abc/approve')).statusCode).toBe(400);

    // A granted commission above 10 % waits too; the agent's commission is unchanged meanwhile.
    const agentBefore = (await asAdmin(t, owner, 'GET', `/admin/users/${agentId}`)).json().data;
    const grant = await asAdmin(t, owner, 'PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: 12,
      agentGroupId: null,
    });
    expect(grant.statusCode, grant.body).toBe(202);
    expect(grant.json().data.approval).toMatchObject({ action: 'commission_grant', amount: 1_200 });
    expect((await asAdmin(t, owner, 'GET', `/admin/users/${agentId}`)).json().data).toEqual(agentBefore);
  });
});

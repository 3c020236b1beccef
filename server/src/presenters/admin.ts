import type {
  AdminUser,
  AuditEntry,
  BrandSettings,
  BrandSummary,
  OutboxEmail,
  OutboxEmailSummary,
} from '#shared/admin';
import type { BrandUserRow } from '../domain/admin/find-brand-user';
import type { AuditRow } from '../domain/audit/list-audit-entries';
import type { BrandSettingsRecord } from '../domain/brands/get-brand-settings';
import type { BrandListRow } from '../domain/brands/list-brands';
import type { OutboxRow, OutboxSummaryRow } from '../domain/email/list-outbox';

/** The admin console's shapes: rows → API answers (no hash, no token, no secret). */

export function presentBrandSettings(record: BrandSettingsRecord): BrandSettings {
  return { ...record, updatedAt: record.updatedAt.toISOString() };
}

export function presentAdminUser(user: BrandUserRow): AdminUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobile: user.mobile,
    type: user.type,
    suspended: user.suspendedAt !== null,
    commissionPercent: user.commissionPercent,
    ownGrantedCommissionPercent: user.ownGrantedCommissionPercent,
    agentGroupId: user.agentGroupId,
    grantedCommissionPercent: user.grantedCommissionPercent,
    walletBalance: user.walletBalance,
    walletCurrency: user.walletCurrency,
    hasPassword: user.hasPassword,
    guest: user.guest,
    createdAt: user.createdAt.toISOString(),
    staffRole: user.staffRole,
    masterAgent: user.isMasterAgent,
    masterAgentId: user.masterAgentId,
  };
}

export function presentOutboxSummary(row: OutboxSummaryRow): OutboxEmailSummary {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'waiting',
    attempts: row.attempts,
    lastError: row.lastError,
    attachments: row.attachments.map((attachment) => `${attachment.kind}.pdf`),
  };
}

export function presentOutboxEmail(row: OutboxRow): OutboxEmail {
  return { ...presentOutboxSummary(row), text: row.text };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actorLabel,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentBrandSummary(row: BrandListRow): BrandSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

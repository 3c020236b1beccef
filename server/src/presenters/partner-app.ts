import type { PartnerApp } from '#shared/partner-apps';
import type { PartnerAppRow } from '../domain/partners/register-partner-app';

/** A partner app without its secret hash. */
export function presentPartnerApp(row: PartnerAppRow): PartnerApp {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    revoked: row.revokedAt !== null,
  };
}

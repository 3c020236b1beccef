import type { Db } from '../../db/client';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';

export interface RecordApiKeyUseOptions {
  apiKey: { id: string; brandId: string; prefix: string };
  user: AccountUser;
  method: string;
  /** The route's pattern (`/api/b2b/v2/bookings/:pnr/payments`), never the query string. */
  route: string;
  statusCode: number;
}

/** One request made with an API key, in its brand's audit log (`api-key.use`). */
export async function recordApiKeyUse(db: Db, options: RecordApiKeyUseOptions): Promise<void> {
  await recordAudit(db, {
    brandId: options.apiKey.brandId,
    actor: options.user,
    action: 'api-key.use',
    entityType: 'api-key',
    entityId: options.apiKey.id,
    after: {
      prefix: options.apiKey.prefix,
      method: options.method,
      route: options.route,
      status: options.statusCode,
    },
  });
}

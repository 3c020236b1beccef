import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { grantedCommissionOf } from '../commissions/agent-pricing';

/**
 * A master may pass a sub-agent at most the commission the agency grants the master: 400 naming
 * `granted_commission_percent` otherwise. Returns the master's own percent.
 */
export async function checkGrant(db: Db, masterId: string, percent: number): Promise<number> {
  const own = await grantedCommissionOf(db, masterId);
  if (percent > own) {
    throw invalidFields({
      granted_commission_percent: `You can pass on at most your own commission of ${own}%.`,
    });
  }
  return own;
}

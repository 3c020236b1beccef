import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientCustomerTokens } from '../../db/schema/index';
import { AppError } from '../../errors';
import { type AccountUser, findUser } from '../accounts/find-user';
import { hashToken } from '../crypto/secret-token';

export interface RedeemCustomerTokenOptions {
  /** The brand of the host the web app runs on: a token works on its own brand only. */
  brandId: string;
  clientCustomerToken: string;
}

/**
 * Uses up a `clientCustomerToken` (once, before it expires, on its brand) and answers its
 * customer; anything else is 401 INVALID_CUSTOMER_TOKEN.
 */
export async function redeemCustomerToken(db: Db, options: RedeemCustomerTokenOptions): Promise<AccountUser> {
  const [redeemed] = await db
    .update(clientCustomerTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(clientCustomerTokens.tokenHash, hashToken(options.clientCustomerToken)),
        eq(clientCustomerTokens.brandId, options.brandId),
        isNull(clientCustomerTokens.usedAt),
        gt(clientCustomerTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: clientCustomerTokens.userId });
  const user = redeemed && (await findUser(db, { userId: redeemed.userId, brandId: options.brandId }));
  if (!user || user.suspendedAt) throw new AppError('INVALID_CUSTOMER_TOKEN');
  return user;
}

import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientCustomerTokens, users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { checkContactsAvailable, rethrowContactConflict } from '../accounts/check-contacts-available';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';
import { hashToken, newSecretToken } from '../crypto/secret-token';
import type { PartnerAppRow } from './register-partner-app';

export interface PartnerCustomer {
  firstName: string;
  lastName: string;
  /** Normalised e-mail, if the partner knows it. */
  email?: string | undefined;
  /** Normalised mobile (+977…), if the partner knows it. */
  mobile?: string | undefined;
  type: 'customer' | 'individual';
}

export interface IssueCustomerTokenOptions {
  partnerApp: PartnerAppRow;
  customer: PartnerCustomer;
  ttlMs: number;
}

/**
 * Finds or creates the partner's customer in the partner's brand and issues a short-lived,
 * single-use `clientCustomerToken` for it. A partner only ever signs in customers it created:
 * an e-mail or mobile belonging to another account of the brand is refused with 409.
 */
export async function issueCustomerToken(
  db: Db,
  options: IssueCustomerTokenOptions,
): Promise<{ token: string; expiresAt: Date; user: AccountUser }> {
  const { partnerApp, customer } = options;
  if (!customer.email && !customer.mobile) {
    throw invalidFields({ 'customer.email': 'Send the customer’s e-mail or mobile number.' });
  }
  return db.transaction(async (tx) => {
    const contacts: SQL[] = [];
    if (customer.email) contacts.push(eq(users.email, customer.email));
    if (customer.mobile) contacts.push(eq(users.mobile, customer.mobile));
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.brandId, partnerApp.brandId), eq(users.partnerAppId, partnerApp.id), or(...contacts)),
      )
      .limit(1);
    await checkContactsAvailable(tx, {
      brandId: partnerApp.brandId,
      email: customer.email,
      mobile: customer.mobile,
      exceptUserId: existing?.id,
    });
    const details = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      type: customer.type,
      ...(customer.email ? { email: customer.email } : {}),
      ...(customer.mobile ? { mobile: customer.mobile } : {}),
    };
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...details, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id))
          .returning(accountUserColumns)
          .catch(rethrowContactConflict)
      : await tx
          .insert(users)
          .values({ ...details, brandId: partnerApp.brandId, partnerAppId: partnerApp.id })
          .returning(accountUserColumns)
          .catch(rethrowContactConflict);
    if (!user) throw new Error('customer upsert returned no row');
    const token = newSecretToken('tkt_');
    const expiresAt = new Date(Date.now() + options.ttlMs);
    await tx.insert(clientCustomerTokens).values({
      tokenHash: hashToken(token),
      partnerAppId: partnerApp.id,
      brandId: partnerApp.brandId,
      userId: user.id,
      expiresAt,
    });
    return { token, expiresAt, user };
  });
}

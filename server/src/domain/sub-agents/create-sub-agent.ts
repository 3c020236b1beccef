import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { checkContactsAvailable, rethrowContactConflict } from '../accounts/check-contacts-available';
import type { AccountUser } from '../accounts/find-user';
import { accountUserColumns } from '../accounts/find-user';
import { issuePasswordLink } from '../accounts/issue-password-link';
import { recordAudit } from '../audit/record-audit';
import { checkGrant } from './check-grant';

export interface CreateSubAgentOptions {
  master: AccountUser;
  brand: { id: string; displayName: string };
  firstName: string;
  lastName: string;
  /** Normalised (lower case). */
  email: string;
  /** Normalised (+977…), if given. */
  mobile?: string | undefined;
  grantedCommissionPercent?: number | undefined;
  inviteTtlMs: number;
  /** The set-password page address, given the token. */
  link: (token: string) => string;
  /** Seals the link in the outbox: only the sub-agent ever sees it. */
  linksKey: Buffer;
}

/**
 * A master agent creates an agent below them (docs/accounts.md#sub-agents): an `agent` of the master's brand
 * with no password, their master and the part of the master's commission passed to them (at most the
 * master's own: 400), and the invitation to choose a password e-mailed to them alone through the
 * outbox. Audited. 409 naming the field when the e-mail or mobile is taken in the brand.
 */
export async function createSubAgent(db: Db, options: CreateSubAgentOptions): Promise<AccountUser> {
  const granted = options.grantedCommissionPercent ?? 0;
  await checkGrant(db, options.master.id, granted);
  const mobile = options.mobile || undefined;
  return db.transaction(async (tx) => {
    await checkContactsAvailable(tx, { brandId: options.brand.id, email: options.email, mobile });
    const [user] = await tx
      .insert(users)
      .values({
        brandId: options.brand.id,
        type: 'agent',
        firstName: options.firstName,
        lastName: options.lastName,
        email: options.email,
        mobile: mobile ?? null,
        walletCurrency: options.master.walletCurrency,
        masterAgentId: options.master.id,
        masterGrantedCommissionPercent: granted,
      })
      .returning(accountUserColumns)
      .catch(rethrowContactConflict);
    if (!user) throw new Error('insert returned no row');
    await issuePasswordLink(tx, {
      brandId: options.brand.id,
      brandName: options.brand.displayName,
      user: { id: user.id, firstName: user.firstName, email: options.email },
      purpose: 'invite',
      ttlMs: options.inviteTtlMs,
      link: options.link,
      linksKey: options.linksKey,
    });
    await recordAudit(tx, {
      brandId: options.brand.id,
      actor: options.master,
      action: 'sub-agent.create',
      entityType: 'user',
      entityId: user.id,
      after: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        mobile: user.mobile,
        type: user.type,
        masterAgentId: options.master.id,
        masterGrantedCommissionPercent: granted,
      },
    });
    return user;
  });
}

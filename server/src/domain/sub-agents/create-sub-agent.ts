import type { Db } from '../../db/client';
import { createInvitedUser } from '../accounts/create-invited-user';
import type { AccountUser } from '../accounts/find-user';
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
  return createInvitedUser(db, {
    brand: options.brand,
    actor: options.master,
    action: 'sub-agent.create',
    user: {
      type: 'agent',
      firstName: options.firstName,
      lastName: options.lastName,
      email: options.email,
      mobile: options.mobile,
      walletCurrency: options.master.walletCurrency,
    },
    settings: { masterAgentId: options.master.id, masterGrantedCommissionPercent: granted },
    inviteTtlMs: options.inviteTtlMs,
    link: options.link,
    linksKey: options.linksKey,
  });
}

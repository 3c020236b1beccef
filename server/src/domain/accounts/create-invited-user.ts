import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AuditActor } from '../audit/record-audit';
import { checkContactsAvailable, rethrowContactConflict } from './check-contacts-available';
import { type AccountUser, accountUserColumns } from './find-user';
import { issuePasswordLink } from './issue-password-link';

type UserInsert = typeof users.$inferInsert;

export interface CreateInvitedUserOptions {
  brand: { id: string; displayName: string };
  /** Who creates the user: an admin, the platform operator (a brand's first admin), a master agent. */
  actor: AuditActor;
  /** The audit entry's action: `user.create`, or `sub-agent.create`. */
  action: string;
  user: Pick<UserInsert, 'type' | 'firstName' | 'lastName' | 'walletCurrency'> & {
    /** Normalised (lower case). */
    email: string;
    /** Normalised (+977…), if given. */
    mobile?: string | undefined;
  };
  /** What the creator decides for the user besides the above: set, and recorded in the audit entry. */
  settings: Partial<
    Pick<AccountUser, 'commissionPercent' | 'masterAgentId' | 'masterGrantedCommissionPercent'>
  >;
  inviteTtlMs: number;
  /** The set-password page address, given the token. */
  link: (token: string) => string;
  /** Seals the link in the outbox (`app.emailLinksKey`): only the recipient ever sees it. */
  linksKey: Buffer;
}

/**
 * Creates a user of the brand without a password and e-mails them an invitation to choose one (a
 * single-use link through the outbox); audited (names, contacts, type and the settings).
 * 409 naming the field when the e-mail or mobile is taken in the brand. Pass a transaction to
 * join a larger change (a new brand).
 */
export async function createInvitedUser(db: Db, options: CreateInvitedUserOptions): Promise<AccountUser> {
  const { brand } = options;
  const mobile = options.user.mobile || undefined;
  return db.transaction(async (tx) => {
    await checkContactsAvailable(tx, { brandId: brand.id, email: options.user.email, mobile });
    const [user] = await tx
      .insert(users)
      .values({ ...options.user, ...options.settings, brandId: brand.id, mobile: mobile ?? null })
      .returning(accountUserColumns)
      .catch(rethrowContactConflict);
    if (!user) throw new Error('insert returned no row');
    const settings = Object.keys(options.settings) as (keyof typeof options.settings)[];
    await issuePasswordLink(tx, {
      brandId: brand.id,
      brandName: brand.displayName,
      user: { id: user.id, firstName: user.firstName, email: options.user.email },
      purpose: 'invite',
      ttlMs: options.inviteTtlMs,
      link: options.link,
      linksKey: options.linksKey,
      audit: {
        actor: options.actor,
        action: options.action,
        after: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          mobile: user.mobile,
          type: user.type,
          ...Object.fromEntries(settings.map((key) => [key, user[key]])),
        },
      },
    });
    return user;
  });
}

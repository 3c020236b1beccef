import type { UserType } from '#shared/accounts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { checkContactsAvailable, rethrowContactConflict } from '../accounts/check-contacts-available';
import { issuePasswordLink } from '../accounts/issue-password-link';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { type BrandUserRow, brandUserColumns } from './find-brand-user';

export interface CreateBrandUserOptions {
  brand: { id: string; displayName: string };
  /** Who creates the user (an admin, or the platform operator for a brand's first admin). */
  actor: AuditActor;
  firstName: string;
  lastName: string;
  /** Normalised (lower case). */
  email: string;
  /** Normalised (+977…), if given. */
  mobile?: string | undefined;
  type: UserType;
  commissionPercent?: number;
  inviteTtlMs: number;
  /** The set-password page address, given the token. */
  link: (token: string) => string;
  /** Seals the link in the outbox (`app.emailLinksKey`): only the recipient ever sees it. */
  linksKey: Buffer;
}

/**
 * Creates a user of the brand without a password and e-mails an invitation to choose one (a
 * single-use link through the outbox); audited. 409 naming the field when e-mail or mobile is
 * taken in the brand. Pass a transaction to join a larger change (a new brand).
 */
export async function createBrandUser(db: Db, options: CreateBrandUserOptions): Promise<BrandUserRow> {
  const mobile = options.mobile || undefined;
  return db.transaction(async (tx) => {
    await checkContactsAvailable(tx, { brandId: options.brand.id, email: options.email, mobile });
    const [user] = await tx
      .insert(users)
      .values({
        brandId: options.brand.id,
        type: options.type,
        firstName: options.firstName,
        lastName: options.lastName,
        email: options.email,
        mobile: mobile ?? null,
        commissionPercent: options.commissionPercent ?? 0,
      })
      .returning(brandUserColumns)
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
      actor: options.actor,
      action: 'user.create',
      entityType: 'user',
      entityId: user.id,
      after: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        mobile: user.mobile,
        type: user.type,
        commissionPercent: user.commissionPercent,
      },
    });
    return user;
  });
}

import type { UserType } from '#shared/accounts';
import type { Db } from '../../db/client';
import { createInvitedUser } from '../accounts/create-invited-user';
import type { AuditActor } from '../audit/record-audit';
import { type BrandUserRow, findBrandUser } from './find-brand-user';

export interface CreateBrandUserOptions {
  brand: { id: string; displayName: string };
  /** The admin who creates the user. */
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
 * taken in the brand.
 */
export async function createBrandUser(db: Db, options: CreateBrandUserOptions): Promise<BrandUserRow> {
  return db.transaction(async (tx) => {
    const user = await createInvitedUser(tx, {
      brand: options.brand,
      actor: options.actor,
      action: 'user.create',
      user: {
        type: options.type,
        firstName: options.firstName,
        lastName: options.lastName,
        email: options.email,
        mobile: options.mobile,
      },
      settings: { commissionPercent: options.commissionPercent ?? 0 },
      inviteTtlMs: options.inviteTtlMs,
      link: options.link,
      linksKey: options.linksKey,
    });
    return findBrandUser(tx, { brandId: options.brand.id, userId: user.id });
  });
}

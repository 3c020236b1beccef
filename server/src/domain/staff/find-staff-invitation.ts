import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffInvitations } from '../../db/schema/index';
import { AppError } from '../../errors';
import { hashToken } from '../crypto/secret-token';
import type { StaffInvitationRow } from './staff-rows';

/**
 * The brand's pending invitation whose link carries this token; an unknown, used, withdrawn or
 * expired token, or another brand's → 400 INVALID_INVITATION (one answer for all).
 */
export async function findStaffInvitation(
  db: Db,
  options: { brandId: string; token: string },
): Promise<StaffInvitationRow> {
  const [invitation] = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(options.token)),
        eq(staffInvitations.brandId, options.brandId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    );
  if (!invitation) throw new AppError('INVALID_INVITATION');
  return invitation;
}

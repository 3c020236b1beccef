import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';

/**
 * No one moves money to themselves (docs/security.md#no-one-moves-money-to-themselves): a staff
 * member acting in the console may not credit, settle, give credit or commission to, refund by
 * hand to or approve anything for their own account, nor another staff member's (users of type
 * `admin`, who could pay bookings from a wallet like an agent). 403 STAFF_OWN_ACCOUNT.
 */
export function refuseStaffBeneficiary(
  actor: { id: string | null },
  beneficiary: { id: string; type: string },
): void {
  if (beneficiary.id === actor.id || beneficiary.type === 'admin') throw new AppError('STAFF_OWN_ACCOUNT');
}

/** refuseStaffBeneficiary for the user a booking's money goes back to (its booker). */
export async function refuseStaffBookingBeneficiary(
  db: Db,
  actor: { id: string | null },
  bookingUserId: string,
): Promise<void> {
  const [booker] = await db
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(eq(users.id, bookingUserId));
  if (booker) refuseStaffBeneficiary(actor, booker);
}

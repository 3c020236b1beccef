import type { UserType } from '#shared/accounts';
import type { StaffRole } from '#shared/staff-roles';
import { AppError } from '../../errors';

/** The console user acting on the brand's users: their staff role decides whom they reach. */
export interface StaffActor {
  staffRole: StaffRole | null;
}

/**
 * Only an owner acts on the brand's staff (users of type `admin`) or makes someone one
 * (docs/admin.md#staff-roles): a sales member who manages agents cannot suspend, retype or reset an owner,
 * nor promote an agent to the console. 403 FORBIDDEN for anyone else when one of `types` is `admin`.
 */
export function checkStaffReach(actor: StaffActor, ...types: UserType[]): void {
  if (actor.staffRole !== 'owner' && types.includes('admin')) throw new AppError('FORBIDDEN');
}

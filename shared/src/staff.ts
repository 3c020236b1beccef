import { z } from 'zod';
import { emailAddress, newPassword, staffRole } from './accounts';
import { typedName } from './typed-name';

/**
 * Staff of a brand's console (docs/admin.md#staff-roles): the owner invites people by e-mail with a role,
 * changes roles and revokes access (`/admin/staff…`); the invitee accepts with the e-mailed link
 * (`/auth/staff-invitations/…`). The roles and what each may do: shared/src/staff-roles.ts.
 */

/** A console user of the brand (a user of type `admin`). */
export const staffMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: staffRole,
  /** Access revoked (the account is suspended: no log-in, no session). */
  revoked: z.boolean(),
  /** The member asking (an owner cannot change their own role or revoke themselves). */
  you: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
});
export type StaffMember = z.infer<typeof staffMember>;

/** An invitation: `pending` until accepted, withdrawn (or replaced) or past `expiresAt`. */
export const staffInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRole,
  status: z.enum(['pending', 'accepted', 'withdrawn', 'expired']),
  expiresAt: z.string().describe('ISO 8601'),
  createdAt: z.string().describe('ISO 8601'),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

export const staffList = z.object({
  members: z.array(staffMember),
  /** The latest invitations first (at most 100). */
  invitations: z.array(staffInvitation),
});
export type StaffList = z.infer<typeof staffList>;

export const inviteStaffRequest = z.object({ email: emailAddress, role: staffRole });
export type InviteStaffRequest = z.input<typeof inviteStaffRequest>;

export const changeStaffRoleRequest = z.object({ role: staffRole });
export type ChangeStaffRoleRequest = z.input<typeof changeStaffRoleRequest>;

const invitationToken = z.string().min(16).max(200);

/** The token of the e-mailed link, in a body (never in an API address, so never in a log line). */
export const staffInvitationTokenRequest = z.object({ token: invitationToken });

/** What the invitee sees before accepting. */
export const staffInvitationPreview = z.object({
  email: z.string(),
  role: staffRole,
  /** The brand's display name. */
  brand: z.string(),
});
export type StaffInvitationPreview = z.infer<typeof staffInvitationPreview>;

const personName = typedName(z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'));

export const acceptStaffInvitationRequest = z.object({
  token: invitationToken,
  firstName: personName,
  lastName: personName,
  password: newPassword,
});
export type AcceptStaffInvitationRequest = z.input<typeof acceptStaffInvitationRequest>;

import type { AcceptStaffInvitationRequest, StaffInvitationPreview } from '#shared/staff';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/staff-invitations/preview: what the e-mailed invitation is for (address, role, brand). */
export const previewStaffInvitation = (token: string) =>
  apiPost<StaffInvitationPreview>('/auth/staff-invitations/preview', { token });

/** POST /auth/staff-invitations/accept: the invitee's name and password; the console user is made. */
export const acceptStaffInvitation = (body: AcceptStaffInvitationRequest) =>
  apiPost<{ message: string; email: string }>('/auth/staff-invitations/accept', body);

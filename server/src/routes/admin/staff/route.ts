import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '#shared/admin';
import {
  changeStaffRoleRequest,
  inviteStaffRequest,
  staffInvitation,
  staffList,
  staffMember,
} from '#shared/staff';
import { changeStaffRole } from '../../../domain/staff/change-staff-role';
import { inviteStaffMember } from '../../../domain/staff/invite-staff-member';
import { listStaff } from '../../../domain/staff/list-staff';
import { revokeStaffAccess } from '../../../domain/staff/revoke-staff-access';
import { withdrawStaffInvitation } from '../../../domain/staff/withdraw-staff-invitation';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { brandSiteOf, staffInvitationPath } from '../../../http/public-link';
import { presentStaffInvitation, presentStaffMember } from '../../../presenters/staff';

const tags = ['admin'];
const config = { policy: 'manageStaff' } as const;

const scope = (request: FastifyRequest) => ({
  brandId: requireBrand(request).id,
  actor: requireUser(request),
});

/**
 * The brand's staff (docs/admin.md#staff-roles), the owner's alone: who has console access with which role,
 * invitations by e-mail, role changes and revocations, each audited.
 */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/staff',
    {
      config,
      schema: {
        tags,
        summary: "The brand's console users with their roles, and its latest invitations",
        response: responses(staffList),
      },
    },
    async (request) => {
      const { brandId, actor } = scope(request);
      const { members, invitations } = await listStaff(app.db, { brandId });
      return ok({
        members: members.map((member) => presentStaffMember(member, actor.id)),
        invitations: invitations.map(presentStaffInvitation),
      });
    },
  );

  app.post(
    '/admin/staff/invitations',
    {
      config,
      schema: {
        tags,
        summary: 'Invite someone to the console with a role: an e-mail with a single-use link',
        description:
          'The link (valid INVITE_TTL_HOURS) goes only to the invitee: the outbox shows it masked and ' +
          'the answer does not carry it. 409 EMAIL_TAKEN when the address has an account in the brand.',
        body: inviteStaffRequest,
        response: responses(staffInvitation),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const site = await brandSiteOf(app, request, brand.id);
      const invitation = await inviteStaffMember(app.db, {
        brand: { id: brand.id, displayName: brand.config.displayName },
        actor: requireUser(request),
        email: request.body.email,
        role: request.body.role,
        ttlMs: app.env.INVITE_TTL_HOURS * 3_600_000,
        link: (token) => `${site}${staffInvitationPath(token)}`,
        linksKey: app.emailLinksKey,
      });
      await app.jobs.send('email.deliver-outbox');
      return ok(presentStaffInvitation(invitation));
    },
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet accepted: its link stops working',
        params: idParams,
        response: responses(staffInvitation),
      },
    },
    async (request) => {
      const invitation = await withdrawStaffInvitation(app.db, {
        ...scope(request),
        invitationId: request.params.id,
      });
      return ok(presentStaffInvitation(invitation));
    },
  );

  app.put(
    '/admin/staff/:id/role',
    {
      config,
      schema: {
        tags,
        summary: "Change a staff member's role (not one's own); it holds from their next request",
        params: idParams,
        body: changeStaffRoleRequest,
        response: responses(staffMember),
      },
    },
    async (request) => {
      const { brandId, actor } = scope(request);
      const member = await changeStaffRole(app.db, {
        brandId,
        actor,
        userId: request.params.id,
        role: request.body.role,
      });
      return ok(presentStaffMember(member, actor.id));
    },
  );

  app.post(
    '/admin/staff/:id/revoke',
    {
      config,
      schema: {
        tags,
        summary: "Revoke a staff member's access (not one's own): their sessions end, log-in is refused",
        params: idParams,
        response: responses(staffMember),
      },
    },
    async (request) => {
      const { brandId, actor } = scope(request);
      const member = await revokeStaffAccess(app.db, { brandId, actor, userId: request.params.id });
      await app.sessions.revokeAllForUser(member.id);
      return ok(presentStaffMember(member, actor.id));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptStaffInvitationRequest,
  staffInvitationPreview,
  staffInvitationTokenRequest,
} from '#shared/staff';
import { acceptStaffInvitation } from '../../domain/staff/accept-staff-invitation';
import { findStaffInvitation } from '../../domain/staff/find-staff-invitation';
import { requireBrand } from '../../http/context';
import { ok, responses } from '../../http/envelope';

const tags = ['accounts'];

/**
 * The invitee's side of a staff invitation (docs/admin.md#staff-roles). The token travels in the body, never
 * in an address, so no access log holds it; both calls share the password-reset rate limit.
 */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/staff-invitations/preview',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'What an e-mailed staff invitation is for: the address, the role and the brand',
        body: staffInvitationTokenRequest,
        response: responses(staffInvitationPreview),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      await app.rateLimiter.check(request, 'password-reset');
      const invitation = await findStaffInvitation(app.db, { brandId: brand.id, token: request.body.token });
      return ok({ email: invitation.email, role: invitation.staffRole, brand: brand.config.displayName });
    },
  );

  app.post(
    '/auth/staff-invitations/accept',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'Accept a staff invitation: choose a name and password; the console user is created',
        description: 'The link works once. Then log in at /admin with the invited address and the password.',
        body: acceptStaffInvitationRequest,
        response: responses(z.object({ message: z.string(), email: z.string() })),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      await app.rateLimiter.check(request, 'password-reset');
      const { email } = await acceptStaffInvitation(app.db, {
        brandId: brand.id,
        ...request.body,
        passwords: app.passwords,
      });
      return ok({ message: 'Welcome aboard. Log in with your e-mail address and new password.', email });
    },
  );
};

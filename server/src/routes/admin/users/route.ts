import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMessage,
  adminUser,
  changeUserTypeRequest,
  createUserRequest,
  idParams,
  listUsersQuery,
  pageOf,
} from '#shared/admin';
import { changeUserType } from '../../../domain/admin/change-user-type';
import { checkStaffReach } from '../../../domain/admin/check-staff-reach';
import { createBrandUser } from '../../../domain/admin/create-brand-user';
import { findBrandUser } from '../../../domain/admin/find-brand-user';
import { listBrandUsers } from '../../../domain/admin/list-brand-users';
import { sendUserPasswordReset } from '../../../domain/admin/send-user-password-reset';
import { setUserSuspended } from '../../../domain/admin/set-user-suspended';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { brandSiteOf, setPasswordPath } from '../../../http/public-link';
import { presentAdminUser } from '../../../presenters/admin';

const tags = ['admin'];

/** The brand (id and name) and the admin acting, for the domain calls below. */
function scope(request: FastifyRequest) {
  const brand = requireBrand(request);
  return { brand: { id: brand.id, displayName: brand.config.displayName }, actor: requireUser(request) };
}

/** The set-password link on the brand's own host. */
async function linkFor(app: FastifyInstance, request: FastifyRequest) {
  const site = await brandSiteOf(app, request, requireBrand(request).id);
  return (token: string) => `${site}${setPasswordPath(token)}`;
}

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      config: { policy: 'readUsers' },
      schema: {
        tags,
        summary: "The brand's users: search by name, e-mail or mobile, filter by type and status, paged",
        querystring: listUsersQuery,
        response: responses(pageOf(adminUser)),
      },
    },
    async (request) => {
      const page = await listBrandUsers(app.db, { brandId: requireBrand(request).id, ...request.query });
      return ok({ ...page, items: page.items.map(presentAdminUser) });
    },
  );

  app.post(
    '/admin/users',
    {
      config: { policy: 'manageUsers' },
      schema: {
        tags,
        summary: 'Create a user (an agent by default) and e-mail an invitation to choose a password',
        body: createUserRequest,
        response: responses(adminUser),
      },
    },
    async (request) => {
      // Staff join through an owner's invitation with a role (/admin/staff/invitations).
      checkStaffReach(requireUser(request), request.body.type);
      const user = await createBrandUser(app.db, {
        ...scope(request),
        ...request.body,
        inviteTtlMs: app.env.INVITE_TTL_HOURS * 3_600_000,
        link: await linkFor(app, request),
        linksKey: app.emailLinksKey,
      });
      await app.jobs.send('email.deliver-outbox');
      return ok(presentAdminUser(user));
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { policy: 'readUsers' },
      schema: { tags, summary: 'One user of the brand', params: idParams, response: responses(adminUser) },
    },
    async (request) => {
      const user = await findBrandUser(app.db, {
        brandId: requireBrand(request).id,
        userId: request.params.id,
      });
      return ok(presentAdminUser(user));
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      config: { policy: 'manageUsers' },
      schema: {
        tags,
        summary: "Change a user's type (not one's own)",
        params: idParams,
        body: changeUserTypeRequest,
        response: responses(adminUser),
      },
    },
    async (request) => {
      const { brand, actor } = scope(request);
      const user = await changeUserType(app.db, {
        brandId: brand.id,
        actor,
        userId: request.params.id,
        type: request.body.type,
      });
      return ok(presentAdminUser(user));
    },
  );

  for (const [verb, suspended] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.post(
      `/admin/users/:id/${verb}`,
      {
        config: { policy: 'manageUsers' },
        schema: {
          tags,
          summary: suspended
            ? 'Suspend a user: their sessions end and log-in is refused'
            : 'Reinstate a suspended user',
          params: idParams,
          response: responses(adminUser),
        },
      },
      async (request) => {
        const { brand, actor } = scope(request);
        const user = await setUserSuspended(app.db, {
          brandId: brand.id,
          actor,
          userId: request.params.id,
          suspended,
        });
        if (suspended) await app.sessions.revokeAllForUser(user.id);
        return ok(presentAdminUser(user));
      },
    );
  }

  app.post(
    '/admin/users/:id/reset-password',
    {
      config: { policy: 'manageUsers' },
      schema: {
        tags,
        summary: 'E-mail the user a single-use link to choose a new password (through the outbox)',
        params: idParams,
        response: responses(adminMessage),
      },
    },
    async (request) => {
      await sendUserPasswordReset(app.db, {
        ...scope(request),
        userId: request.params.id,
        ttlMs: app.env.PASSWORD_RESET_TTL_MINUTES * 60_000,
        link: await linkFor(app, request),
        linksKey: app.emailLinksKey,
      });
      await app.jobs.send('email.deliver-outbox');
      return ok({ message: 'A password reset link has been e-mailed.' });
    },
  );
};

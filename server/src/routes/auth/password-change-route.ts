import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordChangeRequest } from '#shared/accounts';
import { changePassword } from '../../domain/accounts/change-password';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { startSession } from '../../http/session-auth';

export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Your other sessions have been signed out.';

export const passwordChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/password',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password with the current one; every other session of the user ends',
        description:
          'The caller keeps a fresh session: a new cookie, or for Bearer callers a new `data.accessToken` ' +
          '(the old token stops working). Wrong current password: 400 naming `currentPassword`.',
        body: passwordChangeRequest,
        response: responses(z.object({ message: z.string(), accessToken: z.string().optional() })),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.rateLimiter.check(request, 'login', `user:${user.id}`);
      await changePassword(app.db, {
        userId: user.id,
        brandId: user.brandId,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.password,
        passwords: app.passwords,
      });
      const transport = request.session?.transport ?? 'cookie';
      await app.sessions.revokeAllForUser(user.id);
      request.log.info({ userId: user.id }, 'password changed; other sessions revoked');
      const tokens = await startSession(app, request, reply, user, transport);
      return ok({ message: PASSWORD_CHANGED_MESSAGE, ...tokens });
    },
  );
};

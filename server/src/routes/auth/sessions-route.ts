import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSessionParams, userSessionsResponse } from '#shared/accounts';
import { endUserSession, listUserSessions } from '../../domain/sessions/user-sessions';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { endSession } from '../../http/session-auth';
import { presentUserSession } from '../../presenters/user-session';

export const SESSION_ENDED_MESSAGE = 'The session has been signed out.';

/** The signed-in user's own sessions: list them, end one (docs/accounts.md#sessions). */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/sessions',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's live sessions, the caller's own marked `current`",
        description:
          'Each with an opaque `id` (for `DELETE /auth/sessions/:id`), when it started and was last used ' +
          '(written at most once a minute), and the address and browser it signed in from. API keys are ' +
          'not sessions and are not listed.',
        response: responses(userSessionsResponse),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const sessions = await listUserSessions(app.sessions, {
        userId: user.id,
        currentSessionId: request.session?.record.id,
      });
      return ok({ sessions: sessions.map(presentUserSession) });
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'End one of your own sessions: its next request is signed out',
        description:
          '404 NOT_FOUND for an unknown or ended id and for any session that is not the caller’s. Ending ' +
          'the current session also clears its cookie, like `POST /auth/logout`.',
        params: userSessionParams,
        response: responses(z.object({ message: z.string(), current: z.boolean() })),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { storedId } = await endUserSession(app.sessions, {
        userId: user.id,
        publicId: request.params.id,
      });
      const current = storedId === request.session?.record.id;
      request.log.info(
        { userId: user.id, sessionId: request.params.id, current },
        'session ended by its user',
      );
      if (current) await endSession(app, request, reply);
      return ok({ message: SESSION_ENDED_MESSAGE, current });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../errors';
import { ok, responses } from '../../http/envelope';

const DATABASE_PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Liveness and readiness: 200 only when the database answers',
        response: responses(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(app.database.ping(), DATABASE_PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', 'The database is not answering.'));
      }
      reply.header('cache-control', 'no-store');
      return ok({ status: 'ok' as const, database: app.database.kind });
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

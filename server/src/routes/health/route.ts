import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countAppliedMigrations, countShippedMigrations } from '../../domain/health/count-migrations';
import { errorBody } from '../../errors';
import { ok, responses } from '../../http/envelope';

const CHECK_TIMEOUT_MS = 2000;

const liveness = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime_seconds: z.number().int(),
});

const readiness = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.enum(['ok', 'down']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
    redis: z.enum(['ok', 'down', 'not configured']),
  }),
});

/**
 * Liveness (`/livez`, and `/healthz` as before): the process answers; nothing else is asked.
 * Readiness (`/readyz`): the database answers and has every migration, and Redis answers when it is
 * configured; otherwise 503 naming the first part that is not ready.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipped = countShippedMigrations();

  for (const url of ['/livez', '/healthz']) {
    app.get(
      url,
      {
        logLevel: 'warn',
        schema: {
          tags: ['operations'],
          summary:
            url === '/livez'
              ? 'Liveness: the process is up (asks nothing else)'
              : 'Liveness, as /livez (kept for the deployments that call it)',
          response: responses(liveness),
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok({
          status: 'ok' as const,
          database: app.database.kind,
          uptime_seconds: Math.round(process.uptime()),
        });
      },
    );
  }

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: 200 when the database answers with every migration applied and Redis (when configured) answers; 503 naming the part that is not',
        description:
          'A 503 carries `checks` with the state of every part and names the first failing one in `error` ' +
          '(database, then migrations, then Redis). Redis only carries the rate-limit counters, and an ' +
          'instance keeps serving while it is away (each counts alone), so liveness (`/livez`) stays 200.',
        response: responses(readiness),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const database = await withTimeout(app.database.ping(), CHECK_TIMEOUT_MS).then(
        () => 'ok' as const,
        (error: unknown) => {
          request.log.warn({ err: error }, 'readiness: the database did not answer');
          return 'down' as const;
        },
      );
      const migrations =
        database === 'down'
          ? ('unknown' as const)
          : await withTimeout(countAppliedMigrations(app.db), CHECK_TIMEOUT_MS).then(
              (applied) => (applied >= shipped ? ('ok' as const) : ('pending' as const)),
              () => 'unknown' as const,
            );
      const redis = app.redis
        ? await withTimeout(app.redis.ping(), CHECK_TIMEOUT_MS).then(
            () => 'ok' as const,
            () => 'down' as const,
          )
        : ('not configured' as const);
      const checks = { database, migrations, redis };
      const failing =
        database !== 'ok'
          ? 'The database is not answering.'
          : migrations !== 'ok'
            ? 'The database is not fully migrated.'
            : redis === 'down'
              ? 'Redis is not answering.'
              : undefined;
      if (failing)
        return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', failing, undefined, { checks }));
      return ok({ status: 'ready' as const, checks });
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

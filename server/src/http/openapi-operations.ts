import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '#shared/constants';
import type { PolicyName } from '../policies/policy';

/** Policies a caller needs no session for (the rest take the session cookie or a bearer token). */
const OPEN_POLICIES: ReadonlySet<PolicyName> = new Set(['public', 'partnerApp', 'gatewayReturn']);

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tikat_session',
    description: 'The browser session (`__Host-tikat_session` over HTTPS), set by POST /auth/login.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from POST /auth/login with `session: "bearer"`.',
  },
} as const;

/**
 * `POST /api/b2b/v2/admin/users/:id/suspend` → `postAdminUsersByIdSuspend`: unique for each method
 * and path, and stable, so generated clients keep their method names.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(API_BASE_PATH, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

/**
 * Gives every route registered after this call an `operationId` and, for API routes, the security
 * its policy asks for, so a client generator gets named methods and knows which calls need a
 * session. Routes that say otherwise keep what they say.
 */
export function describeOperations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const method = [route.method].flat()[0] ?? 'get';
    const policy = (route.config as { policy?: PolicyName } | undefined)?.policy;
    route.schema = {
      ...route.schema,
      operationId:
        (route.schema as { operationId?: string } | undefined)?.operationId ??
        operationIdOf(method, route.url),
      ...(policy && !OPEN_POLICIES.has(policy)
        ? { security: [{ sessionCookie: [] }, { bearerAuth: [] }] }
        : {}),
    };
  });
}

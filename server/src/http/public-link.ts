import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * An absolute address on the site for e-mails: PUBLIC_URL with the host name replaced by `host`
 * when given (a brand's own host), so a link opens the brand the user belongs to.
 */
export function publicLink(app: FastifyInstance, host: string | undefined, pathAndQuery: string): string {
  const base = new URL(app.env.PUBLIC_URL);
  if (host) base.hostname = host;
  return new URL(pathAndQuery, base).toString();
}

/** The request's host name when a brand claims it (not merely served as the default brand). */
export async function brandHostOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<string | undefined> {
  return (await app.brands.claimsHost(request.hostname)) ? request.hostname : undefined;
}

/** The set-password page for a token (password reset and invitations share it). */
export const setPasswordPath = (token: string) => `/auth/reset-password?token=${token}`;

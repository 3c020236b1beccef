import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '#shared/integrations';
import { type AccountUser, findUser } from '../domain/accounts/find-user';
import { findApiKey } from '../domain/api-keys/find-api-key';
import type { Env } from '../env';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_TOKEN_LENGTH = 200;

const isHttps = (env: Env) => env.PUBLIC_URL.startsWith('https://');

/** `__Host-` cookies must be Secure, host-only and path `/`: the browser enforces it over HTTPS. */
export function sessionCookieName(env: Env): string {
  return isHttps(env) ? '__Host-tikat_session' : 'tikat_session';
}

/** HttpOnly (no script reads it), SameSite=Lax, whole site, Secure over HTTPS. */
const cookieAttributes = (env: Env) =>
  ({ httpOnly: true, secure: isHttps(env), sameSite: 'lax', path: '/' }) as const;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * CSRF protection. A browser write (POST, PUT, PATCH, DELETE) that another site started is
 * refused: Fetch Metadata (`Sec-Fetch-Site`) when the browser sends it, else the `Origin`
 * header against the request's host. Bearer requests are exempt (no ambient credential), as are
 * clients that send neither header (not browsers). SameSite=Lax cookies and JSON-only bodies
 * are the second and third layers.
 */
export function rejectCrossSiteWrite(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method) || bearerToken(request)) return;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return;
    throw new AppError('CROSS_SITE_REQUEST');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = undefined;
  }
  if (originHost !== request.host) throw new AppError('CROSS_SITE_REQUEST');
}

/**
 * Puts the signed-in user on the request from the session token (Bearer header first, else the
 * session cookie). A token that is unknown, timed out, revoked, of another brand or of a
 * suspended user signs in nobody: routes that need a user then answer 401.
 * An API key (`Bearer tka_…`) is the second way in: its owner is the request's user, and
 * `request.apiKey` narrows what they may do to the key's scopes. A key that is unknown, revoked
 * or whose owner is suspended is refused at once (401 INVALID_API_KEY), on every route.
 */
export async function authenticateRequest(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  rejectCrossSiteWrite(request);
  const bearer = bearerToken(request);
  if (bearer?.startsWith(API_KEY_PREFIX) && request.brand) {
    const found =
      bearer.length <= MAX_TOKEN_LENGTH
        ? await findApiKey(app.db, { key: bearer, brandId: request.brand.id, hashKey: app.apiKeysHashKey })
        : undefined;
    if (found && !found.user.suspendedAt) {
      request.user = found.user;
      request.apiKey = found.apiKey;
      return;
    }
    // One session token in 16.7 million starts with `tka_` too: it is a session, not a bad key.
    if (!(await app.sessions.find(bearer))) throw new AppError('INVALID_API_KEY');
  }
  const token = bearer ?? parseCookie(request.headers.cookie ?? '')[sessionCookieName(app.env)];
  if (!token || token.length > MAX_TOKEN_LENGTH || !request.brand) return;
  const session = await app.sessions.find(token);
  if (!session || session.brandId !== request.brand.id) return;
  const user = session.user ?? (await findUser(app.db, { userId: session.userId, brandId: session.brandId }));
  if (!user || user.suspendedAt) return;
  request.user = user;
  request.session = { token, transport: bearer ? 'bearer' : 'cookie', record: session };
}

/**
 * Signs `user` in: a new server-side session, sent as an HttpOnly, SameSite=Lax cookie (Secure
 * over HTTPS) or, for API clients that asked for `bearer`, answered as the token to send in
 * `Authorization: Bearer …`.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AccountUser,
  transport: 'cookie' | 'bearer',
): Promise<{ accessToken?: string }> {
  // A new sign-in replaces the browser's previous session (no session fixation, no stale session).
  if (transport === 'cookie' && request.session?.transport === 'cookie') {
    await app.sessions.revoke(request.session.token);
  }
  const { token } = await app.sessions.create({
    userId: user.id,
    brandId: user.brandId,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
  request.log.info({ userId: user.id, transport }, 'session started');
  if (transport === 'bearer') return { accessToken: token };
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: sessionCookieName(app.env),
      value: token,
      ...cookieAttributes(app.env),
      maxAge: app.env.SESSION_ABSOLUTE_HOURS * 3600,
    }),
  );
  return {};
}

/** Revokes the request's session and clears the cookie. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.session) {
    await app.sessions.revoke(request.session.token);
    request.log.info({ userId: request.user?.id }, 'session ended');
  }
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: sessionCookieName(app.env),
      value: '',
      ...cookieAttributes(app.env),
      maxAge: 0,
    }),
  );
}

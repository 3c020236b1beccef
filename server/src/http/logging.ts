import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Env } from '../env';

/** Paths the logs never show: credentials in headers and bodies, wherever an object is logged. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.secret',
  '*.secretKey',
  '*.token',
  '*.clientCustomerToken',
  '*.clientSecret',
  '*.accessToken',
  '*.sessionSecret',
  '*.privateKeyPem',
  '*.secrets',
  '*.S3_SECRET_ACCESS_KEY',
  '*.DUFFEL_ACCESS_TOKEN',
  '*.DUFFEL_WEBHOOK_SECRET',
];

/**
 * Query parameters whose values never reach the logs: the partner hand-off (`data` carries a
 * clientCustomerToken), reset and sign-in tokens.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'data',
  'token',
  'clienttoken',
  'clientcustomertoken',
  'accesstoken',
  'password',
]);

/** The URL as logged: every secret query value replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * Errors without the values of a failed query: Drizzle puts every parameter (password hashes,
 * token hashes, e-mails) into its message and stack.
 */
function serializeError(error: Error) {
  const serialized = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> &
    Record<string, unknown>;
  const strip = (text: unknown) =>
    typeof text === 'string' ? text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]') : text;
  serialized.message = strip(serialized.message) as string;
  serialized.stack = strip(serialized.stack) as string;
  delete serialized.params;
  if (serialized.cause && typeof serialized.cause === 'object')
    delete (serialized.cause as Record<string, unknown>).params;
  return serialized;
}

/** pino options of the server: level, redaction and serializers (overridable for tests: level, stream). */
export function loggerOptions(
  env: Env,
  overrides: Exclude<FastifyServerOptions['logger'], boolean | undefined> | undefined,
): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    ...(typeof overrides === 'object' ? overrides : {}),
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) =>
        typeof request?.url === 'string'
          ? {
              method: request.method,
              url: redactUrl(request.url),
              host: request.host,
              remoteAddress: request.ip,
            }
          : (request as unknown as Record<string, unknown>),
    },
  };
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '#shared/errors';
import { AppError, DependencyUnavailableError, errorBody } from '../errors';

/**
 * Refusals a security monitor wants to see (ASVS 16.3): failed sign-ins and tokens, refused access,
 * cross-site writes and rate limits. Logged at `warn` with the code and the user, never the input.
 */
const SECURITY_EVENTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'INVALID_CREDENTIALS',
  'INVALID_CLIENT_CREDENTIALS',
  'INVALID_CUSTOMER_TOKEN',
  'INVALID_RESET_TOKEN',
  'INVALID_INVITATION',
  'ACCOUNT_SUSPENDED',
  'FORBIDDEN',
  'CROSS_SITE_REQUEST',
  'RATE_LIMITED',
]);

/** Fastify's own client errors, by their code, mapped to the API's stable ids. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

/**
 * Every error leaves in the envelope `{ success: false, data: { error, code, fields? } }`.
 * Only an unexpected error is a 500, and it never carries internal detail.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[path] ??= issue.message ?? 'is not valid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'Some of the information sent is not valid.';
      return reply.code(400).send(errorBody('VALIDATION_FAILED', message, fields));
    }
    if (error instanceof AppError) {
      if (SECURITY_EVENTS.has(error.code)) {
        request.log.warn(
          { code: error.code, userId: request.user?.id, route: request.routeOptions.url },
          'refused',
        );
      }
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(error.status).send(errorBody(error.code, error.message, error.fields, error.details));
    }
    const clientCode = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (clientCode) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return reply.code(status).send(errorBody(clientCode, error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send(errorBody('VALIDATION_FAILED', error.message));
    }
    if (isDataException(error)) {
      request.log.info({ err: error }, 'database rejected a value');
      return reply.code(400).send(errorBody('VALIDATION_FAILED', 'A value sent is not valid.'));
    }
    if (isDatabaseUnavailable(error) || error instanceof DependencyUnavailableError) {
      request.log.error({ err: error }, 'dependency unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again.'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody('INTERNAL', 'Sorry, something went wrong.'));
  });
}

/**
 * The database is not answering (stopped, restarting, unreachable, out of connections): node
 * socket codes and PostgreSQL classes 08 (connection exception), 57P (operator intervention), 53300.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

/** PostgreSQL class 22 (data exception): a value a client sent that the database cannot take. */
function isDataException(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether an error (or one it was caused by) says the database, or Redis (sessions, rate limits),
 * is not answering.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // ioredis: a command given up after its reconnection attempts, or sent on a closed connection.
    if ((current as { name?: unknown }).name === 'MaxRetriesPerRequestError') return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|not queryable|the database system is (starting up|shutting down|in recovery mode)|^Connection is closed\.$/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

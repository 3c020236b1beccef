import { type ErrorCode, errorTable } from '#shared/errors';

/**
 * An error the API answers with on purpose. Its code picks the HTTP status and default message
 * from the one error table in `shared/src/errors.ts`.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** For validation errors: field path → what is wrong with it. */
    readonly fields?: Record<string, string>,
    /** Extra, documented data the client may read beside `error` and `code`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? errorTable[code].message);
    this.name = 'AppError';
    this.status = errorTable[code].status;
  }
}

/**
 * A service the request needs (the S3 file store) failed or did not answer. The API answers 503
 * SERVICE_UNAVAILABLE (retryable); the message, which names the service's own answer, is logged only.
 */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);

export const invalidFields = (fields: Record<string, string>, message?: string) =>
  new AppError('VALIDATION_FAILED', message ?? Object.values(fields)[0], fields);

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  return {
    success: false as const,
    data: { ...details, error: message, code, ...(fields ? { fields } : {}) },
  };
}

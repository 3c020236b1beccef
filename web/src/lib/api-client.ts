import { API_BASE_PATH } from '#shared/constants';
import type { Envelope } from '#shared/envelope';
import { apiErrorMessage } from './i18n';

/** An API failure with the server's message, stable code and per-field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** The whole error data: some errors carry more (PRICE_CHANGED's prices, a wallet shortfall). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The API names the first refused field in its message ("value: Use at most 5,000 basis
 * points") for developers; people read the field's own message
 * (docs/web.md#messages-toasts-money-and-connections).
 */
function forPeople(message: string, fields: Record<string, string> | undefined): string {
  const first = fields ? Object.entries(fields)[0] : undefined;
  return first && message === `${first[0]}: ${first[1]}` ? first[1] : message;
}

/** A body sent as it is (an uploaded file) with its own type, instead of JSON. */
interface RawBody {
  raw: Blob;
  type: string;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  rawBody?: RawBody,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (rawBody) headers['content-type'] = rawBody.type;
  else if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method,
      credentials: 'same-origin',
      headers,
      body: rawBody ? rawBody.raw : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      apiErrorMessage('NETWORK', 'You seem to be offline. Check your connection and try again.'),
      'NETWORK',
      0,
    );
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(
      apiErrorMessage('INTERNAL', 'Sorry, something went wrong.'),
      'INTERNAL',
      response.status,
    );
  }
  if (!envelope.success) {
    throw new ApiError(
      apiErrorMessage(
        envelope.data.code,
        forPeople(envelope.data.error, envelope.data.fields),
        envelope.data,
      ),
      envelope.data.code,
      response.status,
      envelope.data.fields,
      envelope.data,
    );
  }
  return envelope.data;
}

/** Any call, with headers of its own (an Idempotency-Key, say). */
export const apiRequest = <T>(method: string, path: string, body: unknown, headers: Record<string, string>) =>
  request<T>(method, path, body, undefined, headers);
export const apiGet = <T>(path: string) => request<T>('GET', path);
export const apiPost = <T>(path: string, body?: unknown) => request<T>('POST', path, body);
export const apiPut = <T>(path: string, body: unknown) => request<T>('PUT', path, body);
export const apiPatch = <T>(path: string, body: unknown) => request<T>('PATCH', path, body);
/** Sends a file as the request body with its own Content-Type (image uploads). */
export const apiUpload = <T>(path: string, file: Blob) =>
  request<T>('POST', path, undefined, { raw: file, type: file.type || 'application/octet-stream' });

/**
 * The one error table of the API: stable id → HTTP status → message a person can read.
 * The server throws these ids; the web app maps the same ids to its translated messages.
 */
export const errorTable = {
  /** One or more request fields are invalid; `data.fields` names each one. */
  VALIDATION_FAILED: { status: 400, message: 'Some of the information sent is not valid.' },
  /** The request body is not well-formed JSON. */
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  /** The request needs a signed-in user. */
  UNAUTHENTICATED: { status: 401, message: 'Please log in to continue.' },
  /** The signed-in user may not do this. */
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  /** No such route, or no such resource visible to the caller. */
  NOT_FOUND: { status: 404, message: 'The page or item you asked for does not exist.' },
  /** The HTTP method is not supported on this route. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'This action is not supported here.' },
  /** The request conflicts with existing data (duplicate, stale state). */
  CONFLICT: { status: 409, message: 'This conflicts with existing data.' },
  /** The offer's price is no longer the one the traveller saw; `data` carries the old and new price. */
  PRICE_CHANGED: { status: 409, message: 'The price of this flight has changed.' },
  /** Not enough seats are left on a flight of the offer. */
  SOLD_OUT: { status: 409, message: 'Sorry, this flight has no more seats in this fare.' },
  /** The offer's flight no longer exists or has already left. */
  OFFER_EXPIRED: { status: 410, message: 'This flight is no longer available. Please search again.' },
  /** The request body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** The request body is not JSON where JSON is required. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  /** Too many attempts; `Retry-After` says when to try again. */
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  /** No brand is configured for this host and there is no default brand. */
  BRAND_NOT_FOUND: { status: 404, message: 'This site is not configured yet.' },
  /** A dependency (database) is not answering; the request can be retried. */
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is briefly unavailable. Please try again.' },
  /** Anything unexpected. Logged with the request id; never carries internal detail. */
  INTERNAL: { status: 500, message: 'Sorry, something went wrong.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorTable;

export const errorCodes = Object.keys(errorTable) as ErrorCode[];

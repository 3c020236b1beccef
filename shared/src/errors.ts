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
  /**
   * An outside supplier's event (Duffel's webhook) whose signature is missing or does not match the
   * body under the configured secret: nothing was done.
   */
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'The event’s signature is not valid.' },
  /** The signed-in user may not do this. */
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  /**
   * No one moves money to themselves (docs/security.md#no-one-moves-money-to-themselves): a staff
   * member may not top up, settle, give credit or commission to, refund by hand to or approve
   * anything for their own account or another staff member's.
   */
  STAFF_OWN_ACCOUNT: {
    status: 403,
    message:
      'Staff cannot move money or give credit or commission to their own account or another staff member’s account.',
  },
  /** No such route, or no such resource visible to the caller. */
  NOT_FOUND: { status: 404, message: 'The page or item you asked for does not exist.' },
  /** The HTTP method is not supported on this route. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'This action is not supported here.' },
  /** Log-in failed: unknown e-mail/mobile or wrong password (one message for both). */
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail, mobile number or password is incorrect.' },
  /** A partner app's client id or secret is wrong, or the partner app was revoked. */
  INVALID_CLIENT_CREDENTIALS: { status: 401, message: 'The client id or client secret is incorrect.' },
  /** A clientCustomerToken is unknown, expired or already used. */
  INVALID_CUSTOMER_TOKEN: { status: 401, message: 'This sign-in link has expired. Please open it again.' },
  /** A cookie-authenticated write came from another site (CSRF protection). */
  CROSS_SITE_REQUEST: { status: 403, message: 'This request came from another site and was refused.' },
  /** The account was suspended by the agency: log-in is refused and its sessions have ended. */
  ACCOUNT_SUSPENDED: { status: 403, message: 'This account is suspended. Please contact the agency.' },
  /** The brand does not allow self-service sign-up. */
  SIGNUP_DISABLED: { status: 403, message: 'Sign-up is not available on this site.' },
  /** A password reset link is unknown, expired or already used. */
  INVALID_RESET_TOKEN: { status: 400, message: 'This password reset link is invalid or has expired.' },
  /** A staff invitation link is unknown, expired, withdrawn or already used (docs/admin.md#staff-roles). */
  INVALID_INVITATION: {
    status: 400,
    message: 'This invitation link is invalid, was withdrawn or has expired.',
  },
  /** The request conflicts with existing data (duplicate, stale state). */
  CONFLICT: { status: 409, message: 'This conflicts with existing data.' },
  /** Another account of this brand has this e-mail address; `data.fields.email`. */
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail address already exists.' },
  /** Another account of this brand has this mobile number; `data.fields.mobile`. */
  MOBILE_TAKEN: { status: 409, message: 'An account with this mobile number already exists.' },
  /**
   * A guest claiming their account (`POST /auth/guest/claim`) gave an e-mail or mobile that an
   * account of the brand already uses; `data.fields` names which. They log in to it instead: never merged.
   */
  GUEST_CONTACT_HAS_ACCOUNT: {
    status: 409,
    message:
      'An account already uses this e-mail address or mobile number. Please log in to that account instead.',
  },
  /** `POST /auth/guest/claim` by a user who is not a guest (already has an account). */
  NOT_A_GUEST: { status: 409, message: 'You already have an account.' },
  /** The offer's price is no longer the one the traveller saw; `data` carries the old and new price. */
  PRICE_CHANGED: { status: 409, message: 'The price of this flight has changed.' },
  /** Not enough seats are left on a flight of the offer. */
  SOLD_OUT: { status: 409, message: 'Sorry, this flight has no more seats in this fare.' },
  /** The account already holds the most unpaid bookings it may; `data.limit` says how many. */
  UNPAID_BOOKINGS_LIMIT: {
    status: 409,
    message: 'You have too many bookings waiting for payment. Please pay for or cancel one first.',
  },
  /** The account would hold more unpaid seats on one flight than it may; `data.limit`, `data.flight`. */
  UNPAID_SEATS_LIMIT: {
    status: 409,
    message: 'You are holding too many unpaid seats on this flight. Please pay for the seats you hold first.',
  },
  /** The offer's flight no longer exists or has already left. */
  OFFER_EXPIRED: { status: 410, message: 'This flight is no longer available. Please search again.' },
  /** An Idempotency-Key already used with another request body. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This request key was already used for another booking. Send a new key.',
  },
  /** The booking's seat hold lapsed before it was paid; the seats went back on sale. */
  BOOKING_EXPIRED: { status: 410, message: 'The seats were held too long and have been released.' },
  /** The booking cannot be paid in its status (paid, cancelled, refunded); the message says why. */
  BOOKING_NOT_PAYABLE: { status: 409, message: 'This booking cannot be paid.' },
  /** The payment method is not offered to this user, brand or currency; `data.methods` lists those that are. */
  PAYMENT_METHOD_UNAVAILABLE: {
    status: 400,
    message: 'This payment method is not available for this booking.',
  },
  /** The wallet holds less than the amount due; `data.shortfall` (minor units) says how much. */
  INSUFFICIENT_FUNDS: { status: 402, message: 'The wallet balance is not enough for this booking.' },
  /**
   * The payment would take the wallet below minus the agent's credit limit; `data.available`,
   * `data.credit_limit` and `data.shortfall` (minor units) say by how much.
   */
  CREDIT_LIMIT_EXCEEDED: {
    status: 402,
    message: 'This payment is more than the wallet balance and the credit limit allow.',
  },
  /** The booking has no e-ticket to (re)send: it is not ticketed. */
  BOOKING_NOT_TICKETED: { status: 409, message: 'This booking has no e-ticket yet.' },
  /** The fare rules do not allow cancelling now (too close to departure, flown, or already cancelled). */
  CANCELLATION_NOT_ALLOWED: { status: 409, message: 'This booking cannot be cancelled now.' },
  /**
   * A partial cancellation would leave a child on the booking without an adult
   * (docs/bookings.md#partial-cancellation): cancel the child too, or keep an adult.
   */
  CHILD_WITHOUT_ADULT: {
    status: 409,
    message: 'A child cannot travel without an adult: cancel the child too, or keep an adult on the booking.',
  },
  /**
   * A void is no longer possible: tickets can be voided only on the Nepal day they were issued,
   * until 23:00 Asia/Kathmandu (docs/bookings.md#void). Cancel under the fare conditions instead.
   */
  VOID_WINDOW_CLOSED: {
    status: 409,
    message: 'Tickets can be voided only on the day they were issued, until 23:00 Nepal time.',
  },
  /** The booking cannot be voided: not ticketed, or part of it was already refunded or voided. */
  VOID_NOT_ALLOWED: { status: 409, message: 'This booking cannot be voided.' },
  /** A flight of the booking was cancelled (disruption): it cannot be paid or ticketed; rebook or refund instead. */
  FLIGHT_CANCELLED: {
    status: 409,
    message: 'A flight of this booking was cancelled. Choose another flight or a refund instead.',
  },
  /** The booking has no disruption waiting for an answer (none, or already accepted, rebooked or refunded). */
  NO_OPEN_DISRUPTION: { status: 409, message: 'This booking has no flight change waiting for an answer.' },
  /** The offer is not one of the booking's rebooking options (same route, within 3 days). */
  /**
   * A date change is refused by the fare's conditions (no changes on this fare, within the last
   * tier's hours, a flight already gone) or the booking is not ticketed; `data.rule` says the rule.
   */
  CHANGE_NOT_ALLOWED: { status: 409, message: 'This booking’s date cannot be changed now.' },
  /** A date change of a leg sold by an outside supplier (Duffel): not available online yet. */
  CHANGE_NOT_SUPPORTED: {
    status: 422,
    message:
      'Changing the date of a flight booked with an outside airline system is not available online yet. Please contact the agency.',
  },
  /**
   * The outside supplier (Duffel) offers no change to the chosen flights, or the airline refused
   * the change; `data.reason` is the supplier's word. The booking is unchanged.
   */
  CHANGE_REFUSED: {
    status: 409,
    message:
      'The airline does not offer this date change. The booking is unchanged: choose another flight or date.',
  },
  /**
   * The outside supplier (Duffel) was asked to confirm the date change, its answer was lost and it
   * could not be asked what became of it: the change is being confirmed with the airline (a job
   * asks until it knows), the amount due held from the wallet meanwhile; it is then made, or the
   * amount given back. Do not change the flight again meanwhile. `data.amount_due`, `data.currency`.
   */
  CHANGE_PENDING_CONFIRMATION: {
    status: 504,
    message:
      'The airline did not answer in time. We are confirming the change with the airline: the booking shows it once confirmed, or the amount held comes back to the wallet.',
  },
  /** A date change that costs something, asked by a booker without a wallet (agents pay from theirs). */
  CHANGE_PAYMENT_UNAVAILABLE: {
    status: 409,
    message:
      'A date change that costs something is paid from an agent’s wallet. Please contact the agency to change this booking.',
  },
  /**
   * A refund an operator cannot mark as paid back: a wallet credit (made at once) or a refund made
   * through the gateway's refund API (recorded when the gateway answers).
   */
  REFUND_NOT_MANUAL: {
    status: 409,
    message: 'This refund is not paid back by hand, so it cannot be marked as paid back.',
  },
  /** The refund is already recorded as paid back. */
  REFUND_ALREADY_COMPLETED: { status: 409, message: 'This refund has already been recorded as paid back.' },
  REBOOKING_NOT_ALLOWED: {
    status: 409,
    message: 'This flight cannot replace the disrupted one. Choose one of the flights offered.',
  },
  /** The request body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** The request body is not JSON where JSON is required. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  /** Too many attempts; `Retry-After` says when to try again. */
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  /** No brand is configured for this host and there is no default brand. */
  BRAND_NOT_FOUND: { status: 404, message: 'This site is not configured yet.' },
  /**
   * A payment gateway's return or callback could not be verified (bad signature, amount or order
   * mismatch, or the gateway's status look-up did not confirm it); `data.reason` says why.
   */
  PAYMENT_NOT_VERIFIED: { status: 402, message: 'The payment could not be verified.' },
  /** The payment gateway refused to start the payment or did not answer; `data.reason` says why. */
  PAYMENT_GATEWAY_UNAVAILABLE: {
    status: 502,
    message: 'The payment service is not answering. Please try again or choose another method.',
  },
  /** The order has been paid already; no further payment is taken. */
  PAYMENT_ALREADY_PAID: { status: 409, message: 'This order has already been paid.' },
  /**
   * An outside flight supplier (Duffel) failed or did not answer for this flight, or a rate needed
   * to price it is missing; `data.supplier` names it. Search never answers this: it leaves the
   * supplier's offers out instead.
   */
  SUPPLIER_UNAVAILABLE: {
    status: 502,
    message: 'The airline’s booking system is not answering. Please try again or choose another flight.',
  },
  /** A dependency (database) is not answering; the request can be retried. */
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is briefly unavailable. Please try again.' },
  /** A bearer token that is an API key (`tka_…`) is unknown or was revoked. */
  INVALID_API_KEY: { status: 401, message: 'This API key is not valid or was revoked.' },
  /** The API key's scopes do not include what this request does; `data.scope` names the one needed. */
  API_KEY_SCOPE: { status: 403, message: 'This API key is not allowed to do this.' },
  /**
   * A webhook address resolves to a private, loopback or link-local address (or cannot be
   * resolved); webhooks only call public addresses.
   */
  WEBHOOK_TARGET_REFUSED: {
    status: 400,
    message: 'This address cannot receive webhooks. Use a public address.',
  },
  /** A user already keeps MAX_PRICE_ALERTS_PER_USER price alerts. */
  PRICE_ALERT_LIMIT: {
    status: 409,
    message: 'You have the most price alerts one account can keep. Delete one first.',
  },
  /** Anything unexpected. Logged with the request id; never carries internal detail. */
  INTERNAL: { status: 500, message: 'Sorry, something went wrong.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorTable;

export const errorCodes = Object.keys(errorTable) as ErrorCode[];

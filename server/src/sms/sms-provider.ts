/**
 * What the application asks of an SMS gateway (docs/sms.md): send one text to one
 * mobile. Each gateway's client speaks its own protocol behind this interface and knows nothing
 * of bookings; the SMS domain (`domain/sms/`) knows nothing of any gateway's wire format.
 */
export interface SmsProvider {
  /** Recorded with each attempt in the delivery log (`sparrow`). */
  readonly name: string;
  send(message: SmsMessage): Promise<SmsSendResult>;
}

export interface SmsMessage {
  /** E.164, +9779XXXXXXXXX. */
  to: string;
  text: string;
}

export type SmsSendResult =
  /** Accepted by the gateway for delivery. */
  | { ok: true; code: string; detail: string }
  /**
   * Refused or not answered. `retryable`: worth trying again later (a timeout, a 5xx, no credits,
   * the account's settings); otherwise the message itself is refused (an invalid receiver).
   */
  | { ok: false; retryable: boolean; code: string; detail: string };

import type { SmsMessage, SmsProvider, SmsSendResult } from './sms-provider';

/** Sparrow SMS's push endpoint (https://docs.sparrowsms.com, "Send SMS / Outgoing"). */
export const SPARROW_SMS_URL = 'https://api.sparrowsms.com/v2/sms/';

/**
 * Sparrow's documented refusals (answered with HTTP 403 and `{ response_code, response }`) that
 * are about the message itself (1000 a field missing, 1007/1011 no valid receiver, 1010 empty
 * text): sending it again cannot succeed. The others (1001 invalid IP, 1002 invalid token, 1008
 * invalid sender, 1003–1006 account inactive or expired, 1012–1013 credits) are the
 * account's: they are retried, so messages go once an operator fixes the account.
 */
const MESSAGE_REFUSALS = new Set([1000, 1007, 1010, 1011]);

export interface SparrowSmsOptions {
  /** The token generated on Sparrow's site (never logged). */
  token: string;
  /** The sender identity Sparrow gave the account. */
  from: string;
  /** The push endpoint (SMS_API_URL); the local stand-in's in development and tests. */
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Sparrow SMS (Nepal) over its published HTTP API v2: a POST of the form fields `token`, `from`,
 * `to` (10-digit Nepali mobile numbers) and `text` to `/v2/sms/`. It answers 200 with
 * `{ count, response_code: 200, response }` when the messages are queued for delivery, and 403
 * with `{ response_code: 1000–1013, response }` when refused.
 */
export class SparrowSmsProvider implements SmsProvider {
  readonly name = 'sparrow';
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: SparrowSmsOptions) {
    this.url = options.url ?? SPARROW_SMS_URL;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const body = new URLSearchParams({
      token: this.options.token,
      from: this.options.from,
      to: sparrowNumber(message.to),
      text: message.text,
    });
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        ok: false,
        retryable: true,
        code: timedOut ? 'timeout' : 'network',
        detail: timedOut ? `no answer within ${this.timeoutMs} ms` : errorText(error),
      };
    }
    const answer = await response.json().catch(() => null);
    const code = typeof answer?.response_code === 'number' ? answer.response_code : null;
    const detail = typeof answer?.response === 'string' ? answer.response.slice(0, 200) : '';
    if (response.status === 200 && code === 200) return { ok: true, code: '200', detail };
    if (code !== null && code !== 200) {
      return { ok: false, retryable: !MESSAGE_REFUSALS.has(code), code: String(code), detail };
    }
    return {
      ok: false,
      retryable: true,
      code: `http ${response.status}`,
      detail: detail || 'unexpected answer',
    };
  }
}

/** Sparrow takes Nepal's 10-digit mobile numbers: +9779812345678 → 9812345678. */
export function sparrowNumber(e164: string): string {
  return e164.replace(/^\+?977/, '');
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'request failed';
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256>`: the whole header, nothing before or after. */
const SIGNATURE = /^t=(.+),v1=(.+)$/;

/**
 * Whether an event came from Duffel: its `X-Duffel-Signature` header is `t=<timestamp>,v1=<hex>`,
 * where `<hex>` is the HMAC-SHA256 of `<timestamp>.<raw body>` under the webhook's secret, hex in
 * lower case (Duffel's guide "Receiving Webhooks" and its client libraries' `WebhookEvent.genuine?`).
 * The body must be the bytes as received: parsing and writing the JSON again would change them.
 * Compared in constant time.
 */
export function verifyDuffelSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  const match = SIGNATURE.exec(header ?? '');
  if (!match) return false;
  const [, timestamp, v1] = match as unknown as [string, string, string];
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const given = Buffer.from(v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

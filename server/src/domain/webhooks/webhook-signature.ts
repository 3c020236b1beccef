import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The key that seals webhooks' signing secrets at rest, derived from SESSION_SECRET (HKDF-SHA256). */
export function webhookSecretsKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'tikat', 'webhook-secrets/v1', 32));
}

/** A new signing secret: `whsec_` and 256 random bits (base64url). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `Tikat-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the secret>` (docs/webhooks.md shows how to check it).
 */
export function signWebhookBody(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

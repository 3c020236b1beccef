import { createHmac, randomBytes } from 'node:crypto';
import { type DerivedKey, deriveKey } from '../crypto/key-ring';

/**
 * The key that seals webhooks' signing secrets at rest, derived from SESSION_SECRET (HKDF-SHA256),
 * opening what SESSION_SECRET_PREVIOUS sealed too (docs/operations.md#rotating-session_secret).
 */
export function webhookSecretsKey(sessionSecret: string, previousSecret?: string): DerivedKey {
  return deriveKey('webhook-secrets/v1', sessionSecret, previousSecret);
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

import { hkdfSync } from 'node:crypto';

/**
 * A key derived from SESSION_SECRET, carrying the id of the secret it came from and, while a
 * rotation is under way, the same key derived from SESSION_SECRET_PREVIOUS (docs/operations.md#rotating-session_secret).
 * It is still a Buffer, so whatever takes a key takes it: new values are sealed or hashed with it, and
 * opening tries the previous key too.
 */
export type DerivedKey = Buffer & { readonly keyId?: string; readonly previous?: DerivedKey };

/**
 * The public id of a secret: 6 bytes of HKDF-SHA256 under its own info, so it names the secret in a
 * sealed value without telling anything about it or about the keys derived from it.
 */
export function keyIdOf(secret: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'tikat', 'key-id/v1', 6)).toString('base64url');
}

/** The key of `purpose` (an HKDF info such as `payment-credentials/v1`) from the current secret, with the previous one's. */
export function deriveKey(purpose: string, secret: string, previousSecret?: string | undefined): DerivedKey {
  const key = (fromSecret: string): DerivedKey =>
    Object.assign(Buffer.from(hkdfSync('sha256', fromSecret, 'tikat', purpose, 32)), {
      keyId: keyIdOf(fromSecret),
    });
  const current = key(secret);
  return previousSecret && previousSecret !== secret
    ? Object.assign(current, { previous: key(previousSecret) })
    : current;
}

/** The keys a value may have been sealed or hashed with, the current one first. */
export const keysOf = (key: DerivedKey): DerivedKey[] => (key.previous ? [key, key.previous] : [key]);

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new unguessable token (256 bits, base64url) with an optional readable prefix. */
export function newSecretToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * SHA-256 (hex) of a token: what the database keeps instead of the token. High-entropy tokens
 * need no slow hash; the stored value is useless to whoever reads the table.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares a token with a stored hash in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const actual = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

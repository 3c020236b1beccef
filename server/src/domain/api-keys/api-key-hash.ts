import { createHmac, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '#shared/integrations';
import { type DerivedKey, deriveKey, keysOf } from '../crypto/key-ring';

/**
 * The key that API keys are hashed with, derived from SESSION_SECRET (HKDF-SHA256): a stolen
 * `api_keys` table without the secret cannot even be checked against a guess.
 */
export function apiKeysHashKey(sessionSecret: string, previousSecret?: string): DerivedKey {
  return deriveKey('api-keys/v1', sessionSecret, previousSecret);
}

/**
 * HMAC-SHA256 (hex) of a key. A fast keyed hash is right for 256 random bits: nobody can guess
 * such a key, so a slow password hash (Argon2id) would only cost every API request its time.
 */
export function hashApiKey(key: string, hashKey: Buffer): string {
  return createHmac('sha256', hashKey).update(key).digest('hex');
}

/**
 * The hashes a stored key may have: under the current secret, and under SESSION_SECRET_PREVIOUS while
 * a rotation is under way (a key found by the previous one is re-hashed with the current one).
 */
export const apiKeyHashesOf = (key: string, hashKey: DerivedKey): string[] =>
  keysOf(hashKey).map((candidate) => hashApiKey(key, candidate));

/** A new key: `tka_` and 256 random bits (base64url). */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** What is shown of a key after its creation: `tka_` and its next 8 characters. */
export const apiKeyPrefixOf = (key: string) => key.slice(0, API_KEY_PREFIX.length + 8);

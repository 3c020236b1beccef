import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type DerivedKey, deriveKey, keysOf } from './key-ring';

/**
 * The key that encrypts the brands' gateway secrets at rest, derived from SESSION_SECRET
 * (HKDF-SHA256). With SESSION_SECRET_PREVIOUS given, what the previous secret sealed still opens
 * (docs/operations.md#rotating-session_secret); a secret neither names makes saved secrets unreadable.
 */
export function credentialsKey(sessionSecret: string, previousSecret?: string): DerivedKey {
  return deriveKey('payment-credentials/v1', sessionSecret, previousSecret);
}

/**
 * The key that seals the links in queued e-mails that sign their recipient in (password and
 * invitation links), so that nobody who reads the outbox can use them.
 */
export function emailLinksKey(sessionSecret: string, previousSecret?: string): DerivedKey {
  return deriveKey('email-links/v1', sessionSecret, previousSecret);
}

/**
 * AES-256-GCM of the JSON of the secrets: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url) with a
 * derived key's id, `v1.<iv>.<tag>.<ciphertext>` (the format before key ids) with a bare key.
 */
export function sealSecrets(secrets: Record<string, string>, key: DerivedKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return ['v1', ...(key.keyId ? [key.keyId] : []), iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * Opens a sealed value with the key its id names (current or previous); a value sealed before key
 * ids existed is tried with each. Throws when no configured key opens it.
 */
export function openSecrets(sealed: string, key: DerivedKey): Record<string, string> {
  const parts = sealed.split('.');
  const [version] = parts;
  const [keyId, iv, tag, data] = parts.length === 5 ? parts.slice(1) : [undefined, ...parts.slice(1)];
  if (version !== 'v1' || parts.length < 4 || parts.length > 5 || !iv || !tag || !data)
    throw new Error('unreadable sealed secrets');
  const candidates = keysOf(key).filter((candidate) => keyId === undefined || candidate.keyId === keyId);
  if (candidates.length === 0) throw new Error('sealed with a key that is no longer configured');
  let failure: unknown;
  for (const candidate of candidates) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', candidate, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as Record<string, string>;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The key that encrypts the brands' gateway secrets at rest, derived from SESSION_SECRET
 * (HKDF-SHA256): changing SESSION_SECRET makes saved secrets unreadable (save them again).
 */
export function credentialsKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'tikat', 'payment-credentials/v1', 32));
}

/**
 * The key that seals the links in queued e-mails that sign their recipient in (password and
 * invitation links), so that nobody who reads the outbox can use them.
 */
export function emailLinksKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'tikat', 'email-links/v1', 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url) of the JSON of the secrets. */
export function sealSecrets(secrets: Record<string, string>, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecrets(sealed: string, key: Buffer): Record<string, string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unreadable sealed secrets');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as Record<string, string>;
}

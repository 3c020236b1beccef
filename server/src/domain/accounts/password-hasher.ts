import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '#shared/accounts';

export interface PasswordHashingOptions {
  /** Argon2id memory cost in KiB. */
  memoryCost: number;
  /** Argon2id iterations. */
  timeCost: number;
}

/**
 * Argon2id password hashing (the library's default algorithm). Parameters come from the
 * environment so tests can make hashing cheap; a stored hash carries its own parameters, so
 * changing them never locks anyone out.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly options: PasswordHashingOptions) {}

  hash(password: string): Promise<string> {
    return hash(password, { ...this.options, parallelism: 1 });
  }

  /**
   * Whether `password` matches `storedHash`. Without a stored hash (unknown user, or a partner
   * customer without a password) it still runs one verification against a dummy hash, so an
   * unknown account costs the same time as a wrong password.
   */
  async verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    if (!storedHash) {
      this.dummyHash ??= this.hash('no-such-user-dummy-password');
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  }
}

let commonPasswords: Set<string> | undefined;

/**
 * Whether a password is on the list of common passwords (the ~49,000 most used passwords
 * shipped by `@zxcvbn-ts/language-common`), compared case-insensitively. Only entries long
 * enough to pass the length rule matter.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH),
  );
  return commonPasswords.has(password.toLowerCase());
}

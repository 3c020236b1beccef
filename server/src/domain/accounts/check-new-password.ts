import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { isCommonPassword } from './password-hasher';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less predictable one.';
export const CONTEXT_PASSWORD_MESSAGE =
  'This password is mostly your name, your e-mail or the name of this site. Choose a less predictable one.';

/** Characters a password must keep once the words it is known by are taken out. */
const MIN_OWN_CHARACTERS = 8;

/** The person the password protects, as far as the words they are known by go. */
export interface PasswordOwner {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Words an attacker tries first against this account (ASVS 6.1.2): the product's and the brand's
 * names, the person's names and their e-mail's local part. Words shorter than 3 letters are left out.
 */
export async function passwordContextWords(db: Db, brandId: string, owner: PasswordOwner): Promise<string[]> {
  const [brand] = await db
    .select({ slug: brands.slug, config: brands.siteConfig })
    .from(brands)
    .where(eq(brands.id, brandId));
  const words = [
    'tikat',
    brand?.slug,
    brand?.config.displayName,
    brand?.config.companyName,
    owner.firstName,
    owner.lastName,
    owner.email?.split('@')[0],
  ];
  return [
    ...new Set(
      words.map((word) => letters(typeof word === 'string' ? word : '')).filter((word) => word.length >= 3),
    ),
  ];
}

/**
 * Throws 400 naming `password` when it is on the common-password list, or when it holds a context
 * word and fewer than 8 of its letters and digits are left once those words are taken out
 * ("Sajilo2081", "maya.rai1990"). Long passphrases that merely contain such a word are fine.
 */
export function assertNewPasswordAcceptable(password: string, contextWords: readonly string[]): void {
  if (isCommonPassword(password)) throw invalidFields({ password: COMMON_PASSWORD_MESSAGE });
  const typed = letters(password);
  let own = typed;
  for (const word of [...contextWords].sort((a, b) => b.length - a.length)) own = own.split(word).join('');
  if (own !== typed && own.length < MIN_OWN_CHARACTERS) {
    throw invalidFields({ password: CONTEXT_PASSWORD_MESSAGE });
  }
}

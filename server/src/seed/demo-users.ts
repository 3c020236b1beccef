import { inArray } from 'drizzle-orm';
import type { UserType } from '#shared/accounts';
import type { Db } from '../db/client';
import { brands, users, walletEntries } from '../db/schema/index';
import { PasswordHasher, type PasswordHashingOptions } from '../domain/accounts/password-hasher';

const DEMO_ACCOUNT_AGE_DAYS = 30;

/** The one password of every demo user (documented in docs/accounts.md). */
export const DEMO_PASSWORD = 'Himalaya-Demo-2081';

interface DemoUser {
  type: UserType;
  firstName: string;
  lastName: string;
  /** Local part; the domain is `<brand slug>.example`. */
  emailLocal: string;
  /** Last digit of the demo mobile number. */
  mobileDigit: number;
  walletBalance?: number;
  commissionPercent?: number;
}

const DEMO_USERS: DemoUser[] = [
  { type: 'admin', firstName: 'Anita', lastName: 'Shrestha', emailLocal: 'admin', mobileDigit: 1 },
  {
    type: 'agent',
    firstName: 'Bikash',
    lastName: 'Gurung',
    emailLocal: 'agent',
    mobileDigit: 2,
    walletBalance: 5_000_000,
    commissionPercent: 5,
  },
  { type: 'customer', firstName: 'Sita', lastName: 'Tamang', emailLocal: 'customer', mobileDigit: 3 },
  { type: 'individual', firstName: 'Ram', lastName: 'Karki', emailLocal: 'individual', mobileDigit: 4 },
];

/**
 * The demo platform operator (spec §15.3): may create and list brands at `/platform/…`. Like every
 * user it belongs to one brand (the default, Sajilo) and signs in on its host; its type is
 * `individual`, so it has no agent or admin powers in that brand.
 */
export const DEMO_OPERATOR_EMAIL = 'operator@tikat.example';
const DEMO_OPERATOR = {
  slug: 'sajilo',
  type: 'individual' as const,
  firstName: 'Prakash',
  lastName: 'Adhikari',
  email: DEMO_OPERATOR_EMAIL,
  mobile: '+9779800000009',
  platformOperator: true,
};

/** Demo mobile prefix per brand: Sajilo +977 980000000X, Global IME +977 981000000X. */
const MOBILE_PREFIX: Record<string, string> = { sajilo: '+977980000000', globalime: '+977981000000' };

export function demoUserEmail(slug: string, type: UserType): string {
  return `${type}@${slug}.example`;
}

/**
 * Creates the demo users of the demo brands when missing (an admin, an agent with a wallet and
 * a 5 % commission, a customer and an individual per brand) and the platform operator.
 * Existing users are left alone.
 */
export async function seedDemoUsers(db: Db, hashing: PasswordHashingOptions): Promise<number> {
  const demoBrands = await db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(inArray(brands.slug, Object.keys(MOBILE_PREFIX)));
  const rows = demoBrands.flatMap((brand) =>
    DEMO_USERS.map((user) => ({
      brandId: brand.id,
      type: user.type,
      firstName: user.firstName,
      lastName: user.lastName,
      email: demoUserEmail(brand.slug, user.type),
      mobile: `${MOBILE_PREFIX[brand.slug]}${user.mobileDigit}`,
      walletBalance: user.walletBalance ?? 0,
      commissionPercent: user.commissionPercent ?? 0,
      platformOperator: false,
    })),
  );
  const operatorBrand = demoBrands.find((brand) => brand.slug === DEMO_OPERATOR.slug);
  if (operatorBrand) {
    const { slug: _slug, ...operator } = DEMO_OPERATOR;
    rows.push({ ...operator, brandId: operatorBrand.id, walletBalance: 0, commissionPercent: 0 });
  }
  if (rows.length === 0) return 0;
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        rows.map((row) => row.email),
      ),
    );
  const missing = rows.filter((row) => !existing.some((e) => e.email === row.email));
  if (missing.length === 0) return 0;
  const passwordHash = await new PasswordHasher(hashing).hash(DEMO_PASSWORD);
  // Established accounts, not ones signed up today: a demo is not held back by the limits on
  // what a brand-new account may book from one address.
  const createdAt = new Date(Date.now() - DEMO_ACCOUNT_AGE_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(missing.map((row) => ({ ...row, passwordHash, createdAt, updatedAt: createdAt })))
      .onConflictDoNothing()
      .returning({ id: users.id, walletBalance: users.walletBalance, walletCurrency: users.walletCurrency });
    // The wallet is a ledger whose sum is the balance: a seeded balance is an opening top-up.
    const funded = inserted.filter((user) => user.walletBalance > 0);
    if (funded.length > 0) {
      await tx.insert(walletEntries).values(
        funded.map((user) => ({
          userId: user.id,
          kind: 'top_up' as const,
          amount: user.walletBalance,
          currency: user.walletCurrency,
          note: 'opening balance',
        })),
      );
    }
    return inserted.length;
  });
}

import { eq } from 'drizzle-orm';
import { type Db, openDatabase } from '../db/client';
import { brands, users } from '../db/schema/index';
import { issuePasswordLink } from '../domain/accounts/issue-password-link';
import { brandSiteUrl } from '../domain/brands/brand-site-url';
import { defaultSiteConfig } from '../domain/brands/default-site-config';
import { emailLinksKey } from '../domain/crypto/secret-box';
import { ConfigError, type Env, loadEnv } from '../env';
import { setPasswordPath } from '../http/public-link';
import { seedReferenceData } from '../seed/reference-data';

const USAGE = 'Usage: npm run create:operator -- EMAIL FIRST_NAME LAST_NAME';
const LINK_TTL_MS = 24 * 3_600_000;

/** The default brand, created bare (default settings, no host names) on a deployment without demo data. */
async function defaultBrand(db: Db, slug: string) {
  const [found] = await db
    .select({ id: brands.id, config: brands.siteConfig })
    .from(brands)
    .where(eq(brands.slug, slug));
  if (found) return { id: found.id, name: String(found.config.displayName ?? slug) };
  const config = defaultSiteConfig({ displayName: 'Tikat', companyName: 'Tikat' });
  const [created] = await db.insert(brands).values({ slug, siteConfig: config }).returning({ id: brands.id });
  if (!created) throw new Error('insert returned no row');
  return { id: created.id, name: config.displayName };
}

/**
 * `npm run create:operator -- EMAIL FIRST LAST`: the first platform operator of a deployment that
 * runs without the demo data (whose operator has a published password). The operator gets a
 * single-use link to choose their password, by e-mail and printed here for the person at the
 * console; they then create the agencies' brands at /platform.
 */
async function main(): Promise<number> {
  const [email, firstName, lastName] = process.argv.slice(2);
  if (!email?.includes('@') || !firstName || !lastName) {
    console.error(USAGE);
    return 2;
  }
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const normalised = email.trim().toLowerCase();
    let link = '';
    await database.db.transaction(async (tx) => {
      const brand = await defaultBrand(tx, env.DEFAULT_BRAND);
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalised));
      if (existing) throw new Error(`${normalised} already has an account.`);
      const [operator] = await tx
        .insert(users)
        .values({
          brandId: brand.id,
          type: 'individual',
          firstName,
          lastName,
          email: normalised,
          platformOperator: true,
        })
        .returning({ id: users.id });
      if (!operator) throw new Error('insert returned no row');
      const site = await brandSiteUrl(tx, { brandId: brand.id, publicUrl: env.PUBLIC_URL });
      await issuePasswordLink(tx, {
        brandId: brand.id,
        brandName: brand.name,
        user: { id: operator.id, firstName, email: normalised },
        purpose: 'invite',
        ttlMs: LINK_TTL_MS,
        link: (token) => {
          link = `${site}${setPasswordPath(token)}`;
          return link;
        },
        linksKey: emailLinksKey(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS),
      });
    });
    console.log(
      `Platform operator ${normalised} created. Open this link within 24 hours to choose the password ` +
        `(it works once; it was e-mailed too):\n\n${link}\n`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));

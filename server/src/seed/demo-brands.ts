import { type SiteConfig, siteConfig } from '#shared/site-config';
import type { Db } from '../db/client';
import { brandHosts, brands, brandTaxProfiles } from '../db/schema/index';
import { defaultSiteConfig } from '../domain/brands/default-site-config';

/** A demo brand: the default configuration with its own assets, the seed's banner titles and overrides. */
function demoConfig(
  slug: string,
  overrides: Partial<SiteConfig> & Pick<SiteConfig, 'displayName'>,
): SiteConfig {
  const base = defaultSiteConfig({
    displayName: overrides.displayName,
    companyName: overrides.companyName ?? overrides.displayName,
    s3Url: `/brand-assets/${slug}/`,
  });
  return siteConfig.parse({
    ...base,
    banners: {
      ...base.banners,
      bookingTop: {
        ...base.banners.bookingTop,
        title: 'Saurya Airlines resumes flights from 1 December 2023',
      },
      bookingBottom: {
        ...base.banners.bookingBottom,
        title: 'Fly from Kathmandu to Kuwait and other destinations',
      },
    },
    ...overrides,
  });
}

/** The commission each demo agency grants its agents unless an admin sets another (demo data). */
export const DEMO_GRANTED_COMMISSION_PERCENT = 3;

/** What a demo brand's tax invoices say of the seller (demo PANs, not real registrations). */
export interface DemoTaxProfile {
  legalName: string;
  address: string;
  pan: string;
  vatNumber: string;
}

export const demoBrands: { slug: string; hosts: string[]; config: SiteConfig; tax: DemoTaxProfile }[] = [
  {
    slug: 'sajilo',
    hosts: ['localhost', '127.0.0.1', 'sajilo.localhost'],
    config: demoConfig('sajilo', {
      displayName: 'Sajilo Travels',
      companyName: 'Sajilo Travels and Tours Pvt. Ltd.',
      phone: '9801234567',
      email: 'support@sajilo.example',
      iataAccredited: true,
      colours: { primary: '#0b6e4f', primaryContrast: '#ffffff', accent: '#f2a900' },
    }),
    tax: {
      legalName: 'Sajilo Travels and Tours Pvt. Ltd.',
      address: 'Thamel, Kathmandu-26, Bagmati, Nepal',
      pan: '609876543',
      vatNumber: '609876543',
    },
  },
  {
    slug: 'globalime',
    hosts: ['globalime.localhost', 'globalime.127.0.0.1.nip.io'],
    config: demoConfig('globalime', {
      displayName: 'Global IME',
      companyName: 'Global IME Bank Limited',
      phone: '9801000001',
      telephone: '015970000',
      email: 'flights@globalime.example',
      isAppSdk: true,
      hideNavbar: true,
      themeMode: 'switchable',
      colours: { primary: '#c8102e', primaryContrast: '#ffffff', accent: '#1d3f8f' },
    }),
    tax: {
      legalName: 'Global IME Bank Limited',
      address: 'Kamaladi, Kathmandu-28, Bagmati, Nepal',
      pan: '300012345',
      vatNumber: '300012345',
    },
  },
];

/**
 * Creates the demo brands when they do not exist. An existing brand is left as its admin last
 * saved it: re-running the seed never overwrites a brand's settings.
 */
export async function seedDemoBrands(db: Db): Promise<number> {
  let created = 0;
  await db.transaction(async (tx) => {
    for (const demo of demoBrands) {
      const inserted = await tx
        .insert(brands)
        .values({
          slug: demo.slug,
          siteConfig: demo.config,
          defaultGrantedCommissionPercent: DEMO_GRANTED_COMMISSION_PERCENT,
        })
        .onConflictDoNothing({ target: brands.slug })
        .returning({ id: brands.id });
      const row = inserted[0];
      if (!row) continue;
      created++;
      await tx
        .insert(brandHosts)
        .values(demo.hosts.map((host) => ({ host, brandId: row.id })))
        .onConflictDoNothing();
      await tx
        .insert(brandTaxProfiles)
        .values({ brandId: row.id, ...demo.tax })
        .onConflictDoNothing();
    }
  });
  return created;
}

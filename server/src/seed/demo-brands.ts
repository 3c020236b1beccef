import { DEFAULT_INCLUDED_AIRPORT_CODES } from '#shared/constants';
import { type SiteConfig, siteConfig } from '#shared/site-config';
import type { Db } from '../db/client';
import { brandHosts, brands } from '../db/schema/index';

/** The five custom airports of seed §3: Malaysia, Nepal, India, Kuwait and China. */
const customAirports: SiteConfig['customAirportsData'] = [
  { code: 'KUL', name: 'Kuala Lumpur International Airport', city: 'Kuala Lumpur', country: 'Malaysia' },
  { code: 'KTM', name: 'Tribhuvan International Airport', city: 'Kathmandu', country: 'Nepal' },
  { code: 'DEL', name: 'Indira Gandhi International Airport', city: 'New Delhi', country: 'India' },
  { code: 'KWI', name: 'Kuwait International Airport', city: 'Kuwait City', country: 'Kuwait' },
  { code: 'CTU', name: 'Chengdu Shuangliu International Airport', city: 'Chengdu', country: 'China' },
];

function demoConfig(
  slug: string,
  overrides: Partial<SiteConfig> & Pick<SiteConfig, 'displayName'>,
): SiteConfig {
  const keyPrefix = overrides.displayName.replace(/[^A-Za-z0-9]/g, '');
  return siteConfig.parse({
    s3Url: `/brand-assets/${slug}/`,
    companyName: overrides.displayName,
    favicon: 'favicon.svg',
    headerLogo: 'header-logo.svg',
    footerLogo: 'footer-logo.svg',
    banners: {
      home: 'home-banner.svg',
      bookingTop: {
        large: 'top-banner-large.svg',
        small: 'top-banner-small.svg',
        title: 'Saurya Airlines resumes flights from 1 December 2023',
      },
      bookingBottom: {
        large: 'bottom-banner-large.svg',
        small: 'bottom-banner-small.svg',
        title: 'Fly from Kathmandu to Kuwait and other destinations',
      },
      side: [1, 2, 3, 4, 5].map((n) => `side-banner-${n}.svg`),
    },
    selfLogin: true,
    hasPayment: true,
    isAppSdk: false,
    hideNavbar: false,
    themeMode: 'light',
    customAirport: true,
    customAirportsData: customAirports,
    customAirportIncludeLists: [...DEFAULT_INCLUDED_AIRPORT_CODES],
    seoTitle: '',
    seoDescription: '',
    seoTags: '',
    telephone: '',
    accessTokenName: `${keyPrefix}AccessToken`,
    base64Name: `${keyPrefix}Base64Data`,
    userTokenName: `${keyPrefix}UserToken`,
    stateName: `${keyPrefix}State`,
    expireName: `${keyPrefix}Expiry`,
    ...overrides,
  });
}

export const demoBrands: { slug: string; hosts: string[]; config: SiteConfig }[] = [
  {
    slug: 'sajilo',
    hosts: ['localhost', '127.0.0.1', 'sajilo.localhost'],
    config: demoConfig('sajilo', {
      displayName: 'Sajilo Travels',
      companyName: 'Sajilo Travels and Tours Pvt. Ltd.',
      phone: '9801234567',
      email: 'support@sajilo.example',
      colours: { primary: '#0b6e4f', primaryContrast: '#ffffff', accent: '#f2a900' },
    }),
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
        .values({ slug: demo.slug, siteConfig: demo.config })
        .onConflictDoNothing({ target: brands.slug })
        .returning({ id: brands.id });
      const row = inserted[0];
      if (!row) continue;
      created++;
      await tx
        .insert(brandHosts)
        .values(demo.hosts.map((host) => ({ host, brandId: row.id })))
        .onConflictDoNothing();
    }
  });
  return created;
}

import { DEFAULT_INCLUDED_AIRPORT_CODES } from '#shared/constants';
import { type SiteConfig, siteConfig } from '#shared/site-config';

/** The five custom airports of spec §3: Malaysia, Nepal, India, Kuwait and China. */
export const SEED_CUSTOM_AIRPORTS: SiteConfig['customAirportsData'] = [
  { code: 'KUL', name: 'Kuala Lumpur International Airport', city: 'Kuala Lumpur', country: 'Malaysia' },
  { code: 'KTM', name: 'Tribhuvan International Airport', city: 'Kathmandu', country: 'Nepal' },
  { code: 'DEL', name: 'Indira Gandhi International Airport', city: 'New Delhi', country: 'India' },
  { code: 'KWI', name: 'Kuwait International Airport', city: 'Kuwait City', country: 'Kuwait' },
  { code: 'CTU', name: 'Chengdu Shuangliu International Airport', city: 'Chengdu', country: 'China' },
];

export interface DefaultSiteConfigInput {
  displayName: string;
  companyName: string;
  /** Base of the asset names; new brands use the placeholder artwork in `/brand-assets/default/`. */
  s3Url?: string;
}

/**
 * A complete, valid site configuration (spec §1, §3) for a brand: the seed's asset names, flags,
 * airports and storage keys named after the brand. New brands start from it; demo brands
 * override parts of it.
 */
export function defaultSiteConfig(
  input: DefaultSiteConfigInput,
  overrides: Partial<SiteConfig> = {},
): SiteConfig {
  const keyPrefix = input.displayName.replace(/[^A-Za-z0-9]/g, '') || 'Tikat';
  return siteConfig.parse({
    s3Url: input.s3Url ?? '/brand-assets/default/',
    displayName: input.displayName,
    companyName: input.companyName,
    favicon: 'favicon.svg',
    headerLogo: 'header-logo.svg',
    footerLogo: 'footer-logo.svg',
    banners: {
      home: 'home-banner.svg',
      bookingTop: { large: 'top-banner-large.svg', small: 'top-banner-small.svg', title: '' },
      bookingBottom: { large: 'bottom-banner-large.svg', small: 'bottom-banner-small.svg', title: '' },
      side: [1, 2, 3, 4, 5].map((n) => `side-banner-${n}.svg`),
    },
    selfLogin: true,
    iataAccredited: false,
    hasPayment: true,
    isAppSdk: false,
    hideNavbar: false,
    themeMode: 'light',
    colours: { primary: '#1f6feb', primaryContrast: '#ffffff', accent: '#f2a900' },
    customAirport: true,
    customAirportsData: SEED_CUSTOM_AIRPORTS,
    customAirportIncludeLists: [...DEFAULT_INCLUDED_AIRPORT_CODES],
    seoTitle: '',
    seoDescription: '',
    seoTags: '',
    phone: '',
    telephone: '',
    email: '',
    accessTokenName: `${keyPrefix}AccessToken`,
    base64Name: `${keyPrefix}Base64Data`,
    userTokenName: `${keyPrefix}UserToken`,
    stateName: `${keyPrefix}State`,
    expireName: `${keyPrefix}Expiry`,
    ...overrides,
  });
}

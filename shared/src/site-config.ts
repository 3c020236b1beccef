import { z } from 'zod';
import { customAirport, iataAirportCode } from './airports';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1f6feb.');
/**
 * A file name under the brand's asset base (`s3Url`), a path on this site (`/uploads/…`, from the
 * admin console's uploads), or an absolute https URL.
 */
const assetName = z.string().trim().min(1).max(300);
const storageKeyName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{1,63}$/, 'Use letters, digits, dot, dash or underscore.');

/** A web origin: scheme, host and optional port, nothing else (it goes into a CSP header). */
export const frameOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^https?:\/\/[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
    'Enter an origin such as https://bank.example.com (no path).',
  );

const bannerPair = z.object({
  large: assetName,
  small: assetName,
  title: z.string().trim().max(200),
});

/** Brand colours, applied by the web app as CSS variables. */
export const brandColours = z.object({
  primary: hexColour,
  primaryContrast: hexColour,
  accent: hexColour,
});

/**
 * Theme behaviour (spec §1, §4): `light` brands are always light; `switchable` brands follow the
 * traveller's choice of light, dark or system.
 */
export const themeMode = z.enum(['light', 'switchable']);
export const appTheme = z.enum(['light', 'dark', 'system']);
export type AppTheme = z.infer<typeof appTheme>;

/**
 * Everything a brand shows to the public: the seed's site-configuration fields (§1, §3).
 * Secrets (gateway credentials) never live here.
 */
export const siteConfig = z.object({
  /** Base address of the brand's assets; logo and banner names are relative to it. */
  s3Url: z.string().trim().min(1).max(300),
  displayName: z.string().trim().min(1).max(80),
  companyName: z.string().trim().min(1).max(120),
  favicon: assetName,
  headerLogo: assetName,
  footerLogo: assetName,
  banners: z.object({
    home: assetName,
    bookingTop: bannerPair,
    bookingBottom: bannerPair,
    side: z.array(assetName).length(5),
  }),
  selfLogin: z.boolean(),
  /** The home page says "IATA-accredited agency" only when the brand turns this on. */
  iataAccredited: z.boolean().default(false),
  hasPayment: z.boolean(),
  /** App-SDK mode: the site runs inside a partner app's webview (spec §2 header rules). */
  isAppSdk: z.boolean(),
  /**
   * Origins of the partner apps (and sites) allowed to show this brand's site in a frame or
   * webview, e.g. `https://bank.example.com`: the page's `frame-ancestors`. Others cannot frame it.
   */
  frameAncestors: z.array(frameOrigin).max(20).default([]),
  /** Hide the header entirely (spec §2). */
  hideNavbar: z.boolean(),
  themeMode,
  colours: brandColours,
  customAirport: z.boolean(),
  customAirportsData: z.array(customAirport).max(50),
  customAirportIncludeLists: z.array(iataAirportCode).max(100),
  seoTitle: z.string().max(120),
  seoDescription: z.string().max(300),
  seoTags: z.string().max(300),
  phone: z.string().max(40),
  telephone: z.string().max(40),
  email: z.union([z.literal(''), z.email()]),
  /** Names of the browser storage keys (spec §3). */
  accessTokenName: storageKeyName,
  base64Name: storageKeyName,
  userTokenName: storageKeyName,
  stateName: storageKeyName,
  expireName: storageKeyName,
});
export type SiteConfig = z.infer<typeof siteConfig>;

/** `test`: the site's payments move no real money (gateway sandboxes or test accounts). */
export const paymentsMode = z.enum(['live', 'test']);
export type PaymentsMode = z.infer<typeof paymentsMode>;

/** What `GET /site-config` answers: the brand's public configuration plus its id and slug. */
export const publicSiteConfig = siteConfig.extend({
  brandId: z.string(),
  slug: z.string(),
  /** Browser storage key of the stored user data: brand name plus 'UserData' (spec §3). */
  userDataKey: z.string(),
  /** Browser storage key of the contact data: brand name plus 'ContactData' (spec §3). */
  contactDataKey: z.string(),
  /** The web app shows a "test payments" ribbon on every page while this is `test`. */
  paymentsMode,
  /**
   * The inventories a search asks (`data.suppliers[].id`): `house` and any outside supplier
   * configured (`duffel`). With an outside one, the web asks the house inventory alone first and
   * shows its offers while the full answer comes.
   */
  suppliers: z.array(z.string()),
});
export type PublicSiteConfig = z.infer<typeof publicSiteConfig>;

export type Kind =
  | 'text'
  | 'image'
  | 'toggle'
  | 'colour'
  | 'theme'
  | 'codes'
  | 'origins'
  | 'airports'
  | 'email';
/** One form field: its path in the site configuration, its kind and its label key. */
export type FieldSpec = [path: string, kind: Kind, label: string];

export const SECTIONS: [title: string, fields: FieldSpec[]][] = [
  [
    'identity',
    [
      ['displayName', 'text', 'displayName'],
      ['companyName', 'text', 'companyName'],
      ['s3Url', 'text', 's3Url'],
    ],
  ],
  [
    'images',
    [
      ['favicon', 'image', 'favicon'],
      ['headerLogo', 'image', 'headerLogo'],
      ['footerLogo', 'image', 'footerLogo'],
      ['banners.home', 'image', 'homeBanner'],
    ],
  ],
  [
    'banners',
    [
      ['banners.bookingTop.title', 'text', 'topTitle'],
      ['banners.bookingTop.large', 'image', 'topLarge'],
      ['banners.bookingTop.small', 'image', 'topSmall'],
      ['banners.bookingBottom.title', 'text', 'bottomTitle'],
      ['banners.bookingBottom.large', 'image', 'bottomLarge'],
      ['banners.bookingBottom.small', 'image', 'bottomSmall'],
      ...[0, 1, 2, 3, 4].map((n): FieldSpec => [`banners.side.${n}`, 'image', `side${n + 1}`]),
    ],
  ],
  [
    'contact',
    [
      ['phone', 'text', 'phone'],
      ['telephone', 'text', 'telephone'],
      ['email', 'email', 'email'],
    ],
  ],
  [
    'seo',
    [
      ['seoTitle', 'text', 'seoTitle'],
      ['seoDescription', 'text', 'seoDescription'],
      ['seoTags', 'text', 'seoTags'],
    ],
  ],
  [
    'behaviour',
    [
      ['selfLogin', 'toggle', 'selfLogin'],
      ['iataAccredited', 'toggle', 'iataAccredited'],
      ['hasPayment', 'toggle', 'hasPayment'],
      ['isAppSdk', 'toggle', 'isAppSdk'],
      ['frameAncestors', 'origins', 'frameAncestors'],
      ['hideNavbar', 'toggle', 'hideNavbar'],
      ['themeMode', 'theme', 'themeMode'],
    ],
  ],
  [
    'colours',
    [
      ['colours.primary', 'colour', 'primary'],
      ['colours.primaryContrast', 'colour', 'primaryContrast'],
      ['colours.accent', 'colour', 'accent'],
    ],
  ],
  [
    'airports',
    [
      ['customAirport', 'toggle', 'customAirport'],
      ['customAirportIncludeLists', 'codes', 'includeList'],
      ['customAirportsData', 'airports', 'customAirports'],
    ],
  ],
  [
    'storageKeys',
    [
      ['accessTokenName', 'text', 'accessTokenName'],
      ['base64Name', 'text', 'base64Name'],
      ['userTokenName', 'text', 'userTokenName'],
      ['stateName', 'text', 'stateName'],
      ['expireName', 'text', 'expireName'],
    ],
  ],
];

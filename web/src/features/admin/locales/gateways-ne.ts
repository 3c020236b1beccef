import type { gatewaysEn } from './gateways-en';

/** The admin console's payment-gateway credentials (Nepali). */
export const gatewaysNe: typeof gatewaysEn = {
  title: 'भुक्तानी गेटवे',
  intro:
    'eSewa, Khalti र ConnectIPS मा तपाईंका आफ्नै मर्चेन्ट खाता। सेभ गरेपछि गोप्य कुरा फेरि देखाइँदैन: सेभ गरिएकै राख्न खाली छोड्नुहोस्।',
  names: { esewa: 'eSewa', khalti: 'Khalti', connectips: 'ConnectIPS' },
  configured: '{{when}} मा सेभ गरियो।',
  notConfigured: 'सेट गरिएको छैन: साइटले पूर्वनिर्धारित गेटवे सेटिङ प्रयोग गर्छ।',
  environment: 'गेटवे वातावरण',
  test: 'परीक्षण (UAT)',
  production: 'उत्पादन',
  fields: {
    productCode: 'मर्चेन्ट (प्रोडक्ट) कोड',
    secretKey: 'गोप्य साँचो',
    merchantId: 'मर्चेन्ट ID',
    appId: 'एप ID',
    appName: 'एपको नाम',
    password: 'API पासवर्ड',
    privateKeyPem: 'निजी साँचो (PEM)',
  },
  secretSet: 'सेट छ। बदल्न मात्र नयाँ मान लेख्नुहोस्।',
  secretNotSet: 'सेट छैन।',
  save: '{{name}} सेभ गर्नुहोस्',
  saved: '{{name}} सेटिङ सेभ भयो।',
  remove: 'हटाउनुहोस्',
  confirmRemove: '{{name}} को विवरण हटाउने? साइट पूर्वनिर्धारित सेटिङमा फर्कन्छ।',
  removed: '{{name}} को विवरण हटाइयो।',
  duffel: {
    title: 'Duffel (अन्य एयरलाइनका उडान)',
    intro:
      'तपाईंको एजेन्सीको आफ्नै Duffel एक्सेस टोकन: त्यसपछि अन्य एयरलाइनका उडानको खोज र बुकिङ तपाईंकै Duffel खाताबाट हुन्छ। सेभ गरेपछि यो फेरि देखाइँदैन।',
    token: 'Duffel एक्सेस टोकन',
    tokenSet: 'सेभ गरिएको: {{hint}}। बदल्न मात्र नयाँ टोकन लेख्नुहोस्।',
    notSet: 'सेट गरिएको छैन: साइटको Duffel खाता प्रयोग हुन्छ।',
    save: 'Duffel टोकन सेभ गर्नुहोस्',
    saved: 'Duffel टोकन सेभ भयो।',
    confirmRemove: 'Duffel टोकन हटाउने? साइटको Duffel खाता फेरि प्रयोग हुन्छ।',
    removed: 'Duffel टोकन हटाइयो।',
  },
};

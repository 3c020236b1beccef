/** The admin console's payment-gateway credentials (English). */
export const gatewaysEn = {
  title: 'Payment gateways',
  intro:
    'Your own merchant accounts with eSewa, Khalti and ConnectIPS. Secrets are never shown again once saved: leave a secret empty to keep the saved one.',
  names: { esewa: 'eSewa', khalti: 'Khalti', connectips: 'ConnectIPS' },
  configured: 'Saved {{when}}.',
  notConfigured: 'Not set: the site uses the default gateway settings.',
  environment: 'Gateway environment',
  test: 'Test (UAT)',
  production: 'Production',
  fields: {
    productCode: 'Merchant (product) code',
    secretKey: 'Secret key',
    merchantId: 'Merchant ID',
    appId: 'App ID',
    appName: 'App name',
    password: 'API password',
    privateKeyPem: 'Private key (PEM)',
  },
  secretSet: 'Set. Type a new value only to replace it.',
  secretNotSet: 'Not set.',
  save: 'Save {{name}}',
  saved: '{{name}} settings saved.',
  remove: 'Remove',
  confirmRemove: 'Remove the {{name}} credentials? The site goes back to the default settings.',
  removed: '{{name}} credentials removed.',
};

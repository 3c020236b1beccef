/**
 * The import rules of ARCHITECTURE.md ("Direction of dependencies"), checked by `npm run lint`.
 * A new import that breaks one fails with the rule's name and comment.
 */
const tests = '\\.(test|spec)\\.tsx?$|/test/|/operations/';

/**
 * The areas of server/src/domain in tiers, lowest first (ARCHITECTURE.md, "Tiers"): an area
 * imports areas of its own tier or a lower one, never a higher one. A new area is one line here;
 * an area in no tier fails `domain-area-in-a-tier`. The booking lifecycle (bookings,
 * booking-lifecycle, tickets) is sales.
 */
const domainTiers = {
  basics: [
    'crypto',
    'audit',
    'documents',
    'assets',
    'email',
    'accounts',
    'sessions',
    'api-keys',
    'staff',
    'partners',
    'brands',
    'commissions',
    'admin',
    'countries',
    'airports',
    'exchange-rates',
    'payment-credentials',
    'ledger',
    'health',
  ],
  catalogue: ['flight-engine', 'inventory', 'markups', 'suppliers'],
  sales: [
    'search',
    'bookings',
    'booking-records',
    'tickets',
    'outbox',
    'payments',
    'wallet',
    'approvals',
    'sub-agents',
    'finance',
    'webhooks',
    'sms',
    'price-alerts',
    'reports',
  ],
};
const tierNames = Object.keys(domainTiers);
const domainAreas = (areas) => `^server/src/domain/(${areas.join('|')})/`;

/** Imports from or into a folder of server/src/domain that is in no tier. */
const unplacedArea = {
  path: '^server/src/domain/',
  pathNot: domainAreas(tierNames.flatMap((name) => domainTiers[name])),
};
const domainAreaInATierRules = [
  { from: unplacedArea, to: {} },
  { from: {}, to: unplacedArea },
].map((rule) => ({
  name: 'domain-area-in-a-tier',
  comment:
    'Every area of server/src/domain is in one tier of `domainTiers` (.dependency-cruiser.cjs): ' +
    'place a new area there, in the lowest tier whose areas hold everything it imports.',
  severity: 'error',
  ...rule,
}));

/** One rule per tier but the highest: it imports no area of a higher tier. */
const domainTierRules = tierNames.slice(0, -1).map((tier, index) => {
  const higher = tierNames.slice(index + 1);
  return {
    name: 'domain-tiers',
    comment:
      `server/src/domain is in tiers, lowest first: ${tierNames.join(', ')} (ARCHITECTURE.md, "Tiers"). ` +
      `An area imports only its own tier or a lower one: a ${tier} area imports no ${higher.join(' or ')} area.`,
    severity: 'error',
    from: { path: domainAreas(domainTiers[tier]) },
    to: { path: domainAreas(higher.flatMap((name) => domainTiers[name])) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is the contract both sides import: it imports neither server/ nor web/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'server-and-web-apart',
      comment: 'server/ and web/ never import each other; what both need lives in shared/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'server/ and web/ never import each other; what both need lives in shared/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'presenters-only-from-routes',
      comment:
        'Presenters shape API answers at the edge: only routes (and http, which answers pages) use them. ' +
        'Domain code returns domain values.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: `^server/src/(routes|presenters|http)/|^server/src/app\\.ts$|${tests}`,
      },
      to: { path: '^server/src/presenters/' },
    },
    {
      name: 'domain-below-routes',
      comment: 'routes → domain → db: domain, db, payments and jobs never import routes or http.',
      severity: 'error',
      from: { path: '^server/src/(domain|db|payments|sms|jobs|seed)/', pathNot: tests },
      to: { path: '^server/src/(routes|http)/' },
    },
    {
      name: 'db-at-the-bottom',
      comment: 'db/ is the bottom layer: it imports no domain, routes, payments or http.',
      severity: 'error',
      from: { path: '^server/src/db/', pathNot: tests },
      to: { path: '^server/src/(domain|routes|payments|sms|http|jobs|presenters)/' },
    },
    {
      name: 'features-apart',
      comment:
        'A web feature does not import another feature: shared pieces go to components (ui, or a shared flow ' +
        'such as date-change), lib or stores.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'admin-sub-features-apart',
      comment:
        'The admin console is one feature made of sub-features (users-and-wallets, bookings, brand-and-uploads, ' +
        'reports, partners): a sub-feature does not import another; what two need goes to features/admin/shared.',
      severity: 'error',
      from: { path: '^web/src/features/admin/([^/]+)/', pathNot: '^web/src/features/admin/shared/' },
      to: { path: '^web/src/features/admin/[^/]+/', pathNot: '^web/src/features/admin/($1|shared)/' },
    },
    {
      name: 'admin-shared-below-sub-features',
      comment:
        'features/admin/shared holds what sub-features share: it imports no sub-feature and not the admin root.',
      severity: 'error',
      from: { path: '^web/src/features/admin/shared/' },
      to: { path: '^web/src/features/admin/', pathNot: '^web/src/features/admin/shared/' },
    },
    {
      name: 'admin-root-above-sub-features',
      comment:
        'The admin root (layout, route table, locales) assembles the sub-features; they do not import it back.',
      severity: 'error',
      from: { path: '^web/src/features/admin/(?!locales/)[^/]+/' },
      to: { path: '^web/src/features/admin/([^/]+\\.tsx?$|locales/)' },
    },
    {
      name: 'building-blocks-below-features',
      comment: 'components, lib and stores are below features and app: they import neither.',
      severity: 'error',
      from: { path: '^web/src/(components|lib|stores)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'features-below-app',
      comment: 'app/ assembles features (router, layout); a feature does not import app/.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    ...domainTierRules,
    ...domainAreaInATierRules,
    // no-folder-cycles (folders of server/src importing each other in a circle, at every depth) is
    // scripts/check-folder-cycles.ts over this cruise's JSON, in `npm run lint:imports`: a rule with
    // `scope: 'folder'` links a folder only to the innermost folder of each module it imports, so it
    // misses a cycle whose way back enters a subfolder (domain → payments → domain/payment-credentials),
    // and it cannot leave out the test files inside a folder.
    {
      name: 'no-circular',
      comment: 'Modules do not import each other in a circle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};

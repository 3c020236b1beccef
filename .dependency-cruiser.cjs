/**
 * The import rules of ARCHITECTURE.md ("Direction of dependencies"), checked by `npm run lint`.
 * A new import that breaks one fails with the rule's name and comment.
 */
const tests = '\\.(test|spec)\\.tsx?$|/test/|/operations/';

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

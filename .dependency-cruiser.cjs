/**
 * Module boundaries, checked by `npm run lint` (dependency-cruiser):
 * - no import cycles anywhere;
 * - an API feature is one folder (ADR 027): its routes (one Fastify plugin), services, repositories, events and
 *   timers; anything outside it (another feature, a plugin, app.ts) uses it only through its index.ts;
 * - features never use plugins or the app's composition (app.ts, server.ts);
 * - platform (gateways, mail, storage, outbox, caches), lib and db know nothing of features or plugins;
 * - an adapter module (adapters/*: the offline sandbox) is chosen by the composition root (app.ts, plugins): no
 *   feature or platform code imports it;
 * - the demo seed (its own entry, dist/seed.js) uses features only through their index.ts, and nothing of the server
 *   imports it;
 * - a web feature uses another web feature only through its index.ts, and never the app shell (routes, layouts).
 * (biome.json's overrides keep PDF drawing, pdfkit, inside apps/api/src/platform/documents.)
 */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'api-feature-internals',
      comment: 'A feature reaches another feature only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/features/([^/]+)/' },
      to: {
        path: '^apps/api/src/features/',
        pathNot: ['^apps/api/src/features/$1/', '^apps/api/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-feature-entry',
      comment: 'Outside the features (plugins, app.ts, server.ts), a feature is used only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/features/', '\\.test\\.ts$'] },
      to: { path: '^apps/api/src/features/[^/]+/', pathNot: '^apps/api/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-features-below-plugins',
      comment: 'Features are used by plugins and the app, never the other way round.',
      severity: 'error',
      from: { path: '^apps/api/src/features/' },
      to: { path: '^apps/api/src/(plugins/|app\\.ts|server\\.ts)' },
    },
    {
      name: 'api-platform-knows-no-features',
      severity: 'error',
      from: { path: '^apps/api/src/(platform|lib|db|config)/' },
      to: { path: '^apps/api/src/(features|plugins)/' },
    },
    {
      name: 'api-adapters-opt-in',
      comment: 'An adapter module is registered by app.ts and plugins only; features and platform never name it.',
      severity: 'error',
      from: { path: '^apps/api/src/(features|platform|lib|db|config|seed)/' },
      to: { path: '^apps/api/src/adapters/' },
    },
    {
      name: 'api-seed-through-public-entries',
      comment: "The demo seed drives the product through HTTP and the features' public entries.",
      severity: 'error',
      from: { path: '^apps/api/src/seed/' },
      to: {
        path: '^apps/api/src/(features|plugins)/',
        pathNot: '^apps/api/src/features/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'api-seed-outside-the-server',
      comment:
        'The demo seed is its own entry (dist/seed.js, loaded at start on an empty database): the server imports none of it.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/seed/' },
      to: { path: '^apps/api/src/seed/' },
    },
    {
      name: 'web-feature-entry',
      comment: 'A web feature uses another web feature only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-features-below-app',
      comment: 'Web features are used by the app shell (routes, layouts), never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};

// The import boundaries of the codebase, checked by `npm run lint` (and so by `npm test`): a new import across a
// boundary fails the lint step instead of waiting for a review. Zero exceptions: a rule that needs one is a rule to
// rewrite here, with its reason.

/**
 * A test file: it may reach into the module or feature it tests (to set up or observe it); the boundaries between
 * modules and between features hold product code.
 */
const TEST_FILE = '\\.test\\.tsx?$';

/** Test code: never imported by product code. */
const TEST_CODE = [
  TEST_FILE,
  '^apps/api/test/',
  '^e2e/',
  '^bench/',
  '^packages/db/src/test-database\\.ts$',
  '^packages/domain/src/csv-test-texts\\.ts$',
  '^apps/web/src/lib/memory-device-store\\.ts$',
  '(^|/)node_modules/(vitest|@vitest/[^/]+|fast-check|playwright-core)/',
];

/**
 * The API's kernels: folders of apps/api/src that every module may import and that import no module. Besides the
 * plumbing (http, infra, i18n, mail, plugins), three hold what nearly every module needs, so they are no module's
 * inside: session (who calls: session, cookie, API key, actor), tenancy (who sees what: the viewer, show-as-user,
 * an area's mandators as SQL, a rope's placement joins, the writable check of archived items; 13 modules use it)
 * and audit (the audit log's writer, used by sign-in, users, mandators, devices and tenancy's show-as-user).
 * The entry points that compose the modules (routes.ts, jobs/, server.ts, worker.ts, demo/) are no kernel.
 */
const API_KERNEL = ['audit', 'http', 'i18n', 'infra', 'mail', 'plugins', 'session', 'tenancy'];

/** Our own code, wherever it sits; anything else is a library from node_modules. */
const OURS = '^(apps|packages|e2e|bench)/';

/**
 * Packages by layer: a package imports only packages of lower layers, so no two packages can depend on each other
 * in a circle. domain and db, the first two, have rules of their own below.
 */
const PACKAGE_LAYERS = [
  ['packages/domain'],
  ['packages/db', 'packages/server-runner'],
  ['apps/web'],
  // The API's tests read the mail texts from the web's locale files.
  ['apps/api'],
  ['e2e'],
  ['bench'],
];

const packageLayerRules = PACKAGE_LAYERS.flatMap((layer, index) =>
  layer.flatMap((name) => {
    const higher = PACKAGE_LAYERS.slice(index)
      .flat()
      .filter((other) => other !== name);
    if (['packages/domain', 'packages/db'].includes(name) || higher.length === 0) return [];
    return [
      {
        name: `no-package-cycle (${name})`,
        comment: `${name} imports only packages of lower layers (PACKAGE_LAYERS in .dependency-cruiser.cjs), so packages never import each other in a circle`,
        severity: 'error',
        from: { path: `^${name}/` },
        to: { path: higher.map((other) => `^${other}/`) },
      },
    ];
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-only-domain',
      comment:
        'packages/domain is pure rules, schemas and computations, shared by the API and the web: it imports no code of ours outside itself',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: OURS, pathNot: '^packages/domain/' },
    },
    {
      name: 'db-imports-only-domain',
      comment: 'packages/db (schema, migrations, client) builds on the domain alone',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: OURS, pathNot: '^packages/(db|domain)/' },
    },
    ...packageLayerRules,
    {
      name: 'no-test-code-in-product',
      comment:
        'Product code never imports test code (test files, apps/api/test, the test database, test texts, e2e, bench, test libraries): it would ship with the product or run in it',
      severity: 'error',
      from: { path: '^(apps/[^/]+/src|packages/[^/]+/src)/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'api-module-through-public-file',
      comment:
        'An API module reaches another module only through its public file, modules/<name>/index.ts, which names what the others may use, so a module can change inside without breaking the others (files directly in modules/, as action-args.ts, are shared by all). What nearly every module needs is no module but a kernel beside it (API_KERNEL)',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST_FILE },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/($1/|[^/]+/index\\.ts$)' },
    },
    {
      name: 'api-kernel-imports-no-module',
      comment:
        'The kernels (API_KERNEL) are what the modules build on; they import no module, so no module reaches itself through one and a kernel never waits on a module to load',
      severity: 'error',
      from: { path: `^apps/api/src/(${API_KERNEL.join('|')})/` },
      to: { path: '^apps/api/src/modules/[^/]+/' },
    },
    {
      name: 'api-no-import-circle',
      comment:
        'No API product file imports itself through others (type-only imports aside): in a circle a module-level value computed from an import can run before that import is initialised ("Cannot access X before initialization"), and the public files would hide such a circle across modules',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: TEST_FILE },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-no-import-circle',
      comment:
        'No web file imports itself through others by static imports (type-only imports and lazy screens aside): across two features a circle runs through their public files, and Rollup then puts modules that need each other in different chunks, which can run in the wrong order ("Cannot access X before initialization") on a screen no test opened in that order',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TEST_FILE },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'web-feature-through-public-file',
      comment:
        "A feature reaches another feature only through its public file, features/<name>/index.ts, so each feature can change inside without breaking the others (dynamic imports: see web-feature-lazy-entry). The public files re-export without cost: package.json's sideEffects lets Rollup drop what a screen does not use",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST_FILE },
      to: {
        path: '^apps/web/src/features/',
        pathNot: '^apps/web/src/features/($1/|[^/]+/index\\.ts$)',
        dynamic: false,
      },
    },
    {
      name: 'web-root-through-public-file',
      comment:
        'The app root (router, app, main) composes the features through their public files (dynamic imports: see web-feature-lazy-entry)',
      severity: 'error',
      from: { path: '^apps/web/src/[^/]+$', pathNot: TEST_FILE },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/[^/]+/index\\.ts$', dynamic: false },
    },
    {
      name: 'web-feature-lazy-entry',
      comment:
        "A lazy screen, section or dialog of another feature is imported by its own file under pages/ or components/, as `import('../x/pages/y-page')`: Rollup cuts a chunk at the file a dynamic import names, and a dynamic import of the public file would put the whole feature's public surface into that one chunk. Any other dynamic import goes through the public file",
      severity: 'error',
      // A feature's own files are $1/; a root file (router, app) has no feature of its own.
      from: { path: '^apps/web/src/(?:features/([^/]+)/|[^/]+$)', pathNot: TEST_FILE },
      to: {
        path: '^apps/web/src/features/',
        pathNot: '^apps/web/src/features/($1/|[^/]+/index\\.ts$|[^/]+/(pages|components)/)',
        dynamic: true,
      },
    },
    {
      name: 'web-shared-code-not-features',
      comment:
        'lib, components and i18n are what every feature builds on; they import no feature (a feature would then depend on itself through them)',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|i18n)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Build output and run data of our packages (a library's own dist/ stays: it is what an import resolves to).
    exclude: {
      path: ['^(apps|packages)/[^/]+/(dist|test-results|data|\\.turbo)/', '^(e2e|bench)/(test-results|data|\\.turbo)/'],
    },
    // Type-only imports are dependencies too: a boundary holds for types as for values.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // Our packages name their files in package.json "exports" ("./*": "./src/*.ts").
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

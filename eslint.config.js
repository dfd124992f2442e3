// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The one-way import rule of DEVELOPERS.md: api, i18n → ui → account → apps, checked by
 * eslint-plugin-boundaries on the file each import resolves to (by package name or by relative path alike).
 * Each workspace is an element; `layers` lists, for each, the workspaces and outside packages it must never
 * import. A relative import that leaves its workspace is refused too: another workspace is reached by its
 * package name, through its `exports`.
 */
const workspaces = ['api', 'i18n', 'rules', 'contract', 'ui', 'account', 'planner', 'desk'].map((name) => ({
  type: name,
  pattern: `packages/${name}`,
}));
workspaces.push(
  { type: 'web', pattern: 'apps/web' },
  // The desk's console (apps/desk): an app like apps/web, which nothing imports.
  { type: 'deskApp', pattern: 'apps/desk' },
  { type: 'server', pattern: 'apps/api' },
  // The folders outside the workspaces (tests/, scripts/, .storybook/): one element, so that a relative
  // import between it and a workspace is a crossing too.
  { type: 'root', pattern: '{tests,scripts,.storybook}/**', partialMatch: false },
);

/** @type {Record<string, string>} */
const appPackages = {
  web: '@pre-admission/web',
  deskApp: '@pre-admission/desk-app',
  server: '@pre-admission/api-server',
};

const layers = [
  {
    from: 'api',
    forbidden: ['i18n', 'rules', 'ui', 'account', 'planner', 'desk', 'web', 'deskApp', 'server'],
    modules: ['react', 'react-dom'],
    why: 'packages/api knows nothing of React or the screens',
  },
  {
    from: 'i18n',
    forbidden: ['api', 'rules', 'contract', 'ui', 'account', 'planner', 'desk', 'web', 'deskApp', 'server'],
    why: 'packages/i18n knows nothing of the API or the screens',
  },
  {
    from: 'rules',
    forbidden: ['i18n', 'contract', 'ui', 'account', 'planner', 'desk', 'web', 'deskApp', 'server'],
    modules: ['react', 'react-dom'],
    why: 'packages/rules holds pure functions shared with the server: no React, no screens, no catalogues',
  },
  {
    from: 'ui',
    forbidden: ['api', 'rules', 'contract', 'account', 'planner', 'desk', 'web', 'deskApp', 'server'],
    modules: ['openapi-fetch'],
    why: 'packages/ui knows nothing of the API (imports flow api, i18n → ui → account → apps)',
  },
  {
    from: 'account',
    forbidden: ['contract', 'planner', 'desk', 'web', 'deskApp', 'server'],
    modules: ['react-router-dom', 'react-router'],
    why: 'the account kit receives navigation through props, never from the app',
  },
  {
    from: 'planner',
    forbidden: ['account', 'contract', 'desk', 'web', 'deskApp', 'server'],
    modules: ['react-router-dom', 'react-router'],
    why: 'the planner stands beside the account kit: it gets the API and the reference-data cache from the app, never a router',
  },
  {
    from: 'desk',
    forbidden: ['account', 'planner', 'contract', 'web', 'deskApp', 'server'],
    modules: ['react-router-dom', 'react-router'],
    why: "the desk's screens stand beside the account kit and the planner: they take data and callbacks from the desk app, never a router, and never fetch",
  },
  {
    from: 'web',
    forbidden: ['contract', 'desk', 'deskApp'],
    why: "the browser never loads packages/contract (it reads openapi.yaml from disk and compiles validators, Node only), and the applicant's site never carries the desk's screens, the staff adapter or the desk's messages",
  },
  {
    from: 'deskApp',
    forbidden: ['contract', 'web', 'server'],
    why: "the desk's console is an app beside apps/web: it shares the packages, never the applicant's app, and never loads packages/contract (Node only)",
  },
  {
    from: 'contract',
    forbidden: ['api', 'i18n', 'rules', 'ui', 'account', 'planner', 'desk', 'web', 'deskApp', 'server'],
    modules: ['react', 'react-dom'],
    why: 'packages/contract is openapi.yaml as data for Node: it depends on no workspace',
  },
  {
    from: 'server',
    forbidden: ['ui', 'planner', 'desk', 'web', 'deskApp'],
    modules: ['react'],
    why: 'the reference provider shares only the contract, the language choice and the route matching with the front end',
  },
];

/** @type {import('eslint-plugin-boundaries').DependenciesPolicy[]} */
const policies = [
  // Only imports between two elements are checked (an import inside a workspace is not), so a local target
  // reached by anything but a package name is a relative path out of the workspace.
  {
    dependency: { source: '!@pre-admission/**' },
    disallow: { to: { module: { origin: 'local' } } },
    message: 'a relative import may not leave its workspace: import another workspace by its package name',
  },
  ...layers.flatMap(({ from, forbidden, modules = [], why }) => [
    { from: { element: { type: from } }, disallow: { to: { element: { types: forbidden } } }, message: why },
    // The apps export nothing, so their package names resolve to no file: refused by name.
    ...[...modules, ...forbidden.flatMap((type) => appPackages[type] ?? [])].map((source) => ({
      from: { element: { type: from } },
      disallow: { to: { module: { origin: 'external', source } } },
      message: why,
    })),
  ]),
  // The rules read the contract's types and nothing else of the adapter: a value import would bring its code
  // (the client, zod, MSW) into the server's and the screens' rules.
  {
    from: { element: { type: 'rules' } },
    dependency: { kind: 'value' },
    disallow: { to: { element: { type: 'api' } } },
    message: 'packages/rules takes only types (import type) from packages/api',
  },
  // The applicant's site carries no staff code: not the staff adapter or its mocks, not the desk's messages
  // (docs/security.md#staff; tests/budget/deskCode.test.ts checks the built bundles too).
  {
    from: { element: { type: 'web' } },
    disallow: {
      to: [
        { element: { type: 'api' }, file: { path: '**/packages/api/src/staff/**' } },
        { element: { type: 'api' }, file: { path: '**/packages/api/src/generated/staff.ts' } },
        { element: { type: 'i18n' }, file: { path: '**/packages/i18n/src/desk.ts' } },
      ],
    },
    message:
      "the applicant's site never imports the staff adapter, the staff contract's types or the desk's messages",
  },
  // It sends the web app's prerendered pages in the language the browser app would choose: the same pure
  // function (@pre-admission/i18n/choice), not a copy that could drift. The rest of i18n is React.
  {
    from: { element: { type: 'server' } },
    disallow: { to: { element: { type: 'i18n' }, file: { path: '!**/packages/i18n/src/choice.ts' } } },
    message:
      'the reference provider takes only the language choice (@pre-admission/i18n/choice) from packages/i18n',
  },
  // It answers a path that is none of the app's routes with 404, matching paths as the app's router does:
  // the same function (@pre-admission/account/routes), not a copy. The rest of the account kit is React.
  {
    from: { element: { type: 'server' } },
    disallow: { to: { element: { type: 'account' }, file: { path: '!**/packages/account/src/routes.ts' } } },
    message:
      'the reference provider takes only the route matching (@pre-admission/account/routes) from packages/account',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/builds/**',
      'storybook-static/**',
      'review/**',
      'coverage/**',
      '**/.data/**',
      '**/generated/**',
      '**/mockServiceWorker.js',
      '!.storybook',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'boundaries/elements': workspaces,
      'import/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // The provider states set any password and create sessions: only the contract tests' route loads them, by a
  // dynamic import once they are switched on (apps/api/src/plugins/devTools.ts). A static import anywhere else
  // in the server would load them in what production runs.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/providerStates/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/providerStates/**'],
              allowTypeImports: true,
              message:
                'provider-state code stays out of what production runs: load it with import() where the states are switched on (plugins/devTools.ts)',
            },
          ],
        },
      ],
    },
  },
);

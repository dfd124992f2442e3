// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from './scripts/eslint/workspaceBoundaries.js';
import globals from 'globals';

/**
 * The one-way import rule of DEVELOPERS.md: api, i18n → ui → account → apps.
 * Each layer lists the workspace packages it must never import. Relative imports that reach into another
 * package are refused by boundaries/no-relative-packages, so a layer can only be crossed by package name.
 */
const layers = [
  {
    files: ['packages/api/**'],
    forbidden: [
      '@pre-admission/i18n',
      '@pre-admission/ui',
      '@pre-admission/account',
      '@pre-admission/web',
      'react',
      'react-dom',
    ],
    why: 'packages/api knows nothing of React or the screens',
  },
  {
    files: ['packages/i18n/**'],
    forbidden: ['@pre-admission/api', '@pre-admission/ui', '@pre-admission/account', '@pre-admission/web'],
    why: 'packages/i18n knows nothing of the API or the screens',
  },
  {
    files: ['packages/ui/**'],
    forbidden: ['@pre-admission/api', '@pre-admission/account', '@pre-admission/web', 'openapi-fetch'],
    why: 'packages/ui knows nothing of the API (imports flow api, i18n → ui → account → apps)',
  },
  {
    files: ['packages/account/**'],
    forbidden: ['@pre-admission/web', '@pre-admission/api-server', 'react-router-dom', 'react-router'],
    why: 'the account kit receives navigation through props, never from the app',
  },
  {
    files: ['apps/api/**'],
    forbidden: [
      '@pre-admission/i18n',
      '@pre-admission/ui',
      '@pre-admission/account',
      '@pre-admission/web',
      'react',
    ],
    // It sends the web app's prerendered pages in the language the browser app would choose: the same
    // pure function, not a copy that could drift.
    allowed: ['@pre-admission/i18n/choice'],
    why: 'the reference provider shares only the contract (and the language choice) with the front end',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/no-relative-packages': 'error',
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
  ...layers.map(({ files, forbidden, allowed = [], why }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // The bare name as a path, its subpaths as a pattern: gitignore rules cannot re-include a file
          // under an excluded name, so an allowed subpath is a negation of the subpath pattern only.
          paths: forbidden.map((name) => ({ name, message: why })),
          patterns: forbidden.map((name) => ({
            group: [
              `${name}/*`,
              ...allowed.filter((path) => path.startsWith(`${name}/`)).map((path) => `!${path}`),
            ],
            message: why,
          })),
        },
      ],
    },
  })),
);

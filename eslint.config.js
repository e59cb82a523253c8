import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: app → features → components, lib, config, content (see docs/style.md).
const elements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'shared', pattern: 'src/(components|lib|config|content)' },
];
const dependencyPolicies = [
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature' } } },
    message: 'Features never import each other: move what both need to components/ or lib/.',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'app' } } },
    message: 'app/ composes the features; a feature never imports it.',
  },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
    message: 'Shared folders never import a feature or app/.',
  },
];

// The server: a capability imports the platform and other capabilities' index.ts only; the
// platform imports no capability (see docs/style.md, "The server side").
const serverElements = [
  { type: 'platform', pattern: 'functions/src/platform' },
  { type: 'server-testing', pattern: 'functions/src/(testing|bench)' },
  { type: 'capability', pattern: 'functions/src/*', capture: ['name'] },
];
const serverPolicies = [
  {
    from: { element: { type: 'platform' } },
    disallow: { to: { element: { type: 'capability' } } },
    message:
      'The platform serves every capability and knows none of them: pass what it needs in, or move the code into the capability.',
  },
  {
    from: { element: { type: 'capability' } },
    disallow: { to: { element: { type: 'capability', fileInternalPath: '!index.ts' } } },
    message:
      "Another capability is reached through its index.ts only: import from '../{{to.captured.name}}' and export what you need there.",
  },
];

// Product code on the server: the function's own folders and shared/ only, never the stand-ins.
const productIgnores = [
  'functions/src/**/*.test.ts',
  // The money simulation's steps, world and checks, too long for its one test file.
  'functions/src/payments/money-simulation-*.ts',
  'functions/src/testing/**',
  'functions/src/bench/**',
];
const productImportPatterns = [
  {
    regex: '^(\\.\\./)+(src|scripts)(/|$)',
    message:
      'The function imports shared/ and its own folders only: settings come from its environment (platform/settings.ts), facts and rules from shared/.',
  },
  {
    regex: '(^|/)testing(/|$)',
    message: 'Product code never imports testing/: the stand-ins are for tests.',
  },
];

// A capability imports only those below it in scripts/capability-order.json; the imports against
// the order that are still there (its `todo`) are allowed until they go, and no new one is.
const capabilityOrder = JSON.parse(
  readFileSync(new URL('./scripts/capability-order.json', import.meta.url), 'utf8'),
);
const capabilityOrderConfigs = capabilityOrder.order.flatMap((name, index) => {
  const above = capabilityOrder.order
    .slice(index + 1)
    .filter((target) => !capabilityOrder.todo.some(([from, to]) => from === name && to === target));
  if (above.length === 0) return [];
  return [
    {
      files: [`functions/src/${name}/**/*.ts`],
      ignores: productIgnores,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...productImportPatterns,
              {
                regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
                message: `${name} sits below ${above.join(', ')} (scripts/capability-order.json): it publishes an event they react to, never imports them (docs/style.md).`,
              },
            ],
          },
        ],
      },
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dist-*',
      'bench-results',
      'node_modules',
      'test-results',
      'playwright-report',
      'public',
      'e2e/support/fake-gapi.js',
      'functions/lib',
      'functions/.bench',
      'functions/node_modules',
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'boundaries/dependencies': ['error', { default: 'allow', policies: dependencyPolicies }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@?firebase(/|$)',
              message: 'Reach Firebase through src/lib/firebase.ts, the one place that sets it up.',
            },
            {
              regex: '^(\\.\\./)+functions(/|$)',
              message:
                'The browser talks to the API over HTTP; what both sides need is in shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/firebase.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The API (a Cloud Function) and the contract it shares with the browser.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|scripts)(/|$)',
              message:
                'The function imports shared/ and its own folders only: settings come from its environment (platform/settings.ts), facts and rules from shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      // shared/ is imported by both sides; it imports nothing of either.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(functions|src|scripts)(/|$)', message: 'shared/ stands alone.' },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': serverElements,
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: serverPolicies }],
    },
  },
  {
    // The stand-ins and test servers are for tests: product code never runs them.
    files: ['functions/src/**/*.ts'],
    ignores: productIgnores,
    rules: { 'no-restricted-imports': ['error', { patterns: productImportPatterns }] },
  },
  // One direction between the capabilities (scripts/capability-order.json, docs/style.md).
  ...capabilityOrderConfigs,
  {
    files: ['functions/src/**/*.test.ts', 'functions/src/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
    rules: {
      // Playwright fixtures take `{}` when they use no other fixture; tests assert before `!`.
      'no-empty-pattern': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='browser'][callee.property.name=/^new(Context|Page)$/]",
          message:
            "Use the `newContext` fixture: a context opened by hand escapes the fixture's checks.",
        },
        {
          selector: "CallExpression[callee.property.name='toHaveScreenshot']",
          message:
            'Take pictures with `expectPicture` (e2e/support/screenshots.ts): it keeps native controls and whatever is fixed on screen out of them.',
        },
      ],
    },
  },
  {
    // The one place a picture is taken: fixtures.ts's rule above does not apply here either.
    files: ['e2e/support/screenshots.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);

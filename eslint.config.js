import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // The features/ folders never import each other; shared folders never import features.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../app/*', '../app/*'], message: 'app/ composes; nothing imports it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts', '*.config.{ts,js}'],
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
      ],
    },
  },
);

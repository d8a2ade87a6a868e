// One lint setup for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

const features = [
  'session',
  'organizations',
  'employees',
  'master-data',
  'uploads',
  'inventory',
  'assignments',
  'activations',
  'msisdn',
  'parameters',
  'inspections',
  'monitoring',
  'dashboard',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Features do not import each other: shared pieces live in components/, lib/, api/ or contracts.
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(?!${feature}/)(${features.join('|')})/`,
              message: 'Features do not import each other; move the shared piece to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  // Test helpers stay out of the product: only tests and testing/ itself import testing/.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)testing/',
              message: 'Test helpers live in testing/ and only tests import them.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);

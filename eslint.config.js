// One lint setup for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';

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
  'api-keys',
  'audit-log',
  'work-orders',
];

// Every folder of apps/server/src/modules is an area; a new one is covered as soon as it exists.
const areas = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const AREA_FACE = 'An area is used through its face: import the folder (its index.ts), not a file inside it.';

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
  // Server areas meet through their faces (modules/<area>/index.ts), within and outside modules/. This
  // is the TypeScript variant of the rule, so that it does not replace the test-helper rule below.
  ...areas.map((area) => ({
    files: [`apps/server/src/modules/${area}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./)+(modules/)?(?!${area}/)(${areas.join('|')})/.`, message: AREA_FACE },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: `(^|/)modules/(${areas.join('|')})/.`, message: AREA_FACE }] },
      ],
    },
  },
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

// One lint configuration for the whole repository (see docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: shared code -> features -> app (bulletproof-react zones).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/features/*',
              from: './apps/web/src/features',
              except: ['./*'],
              message:
                'A feature never imports another feature; move shared code to components/ or api/.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/api', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: {
      // A route never touches the database; it calls its service.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/*', 'kysely'], message: 'Routes call services, never the database.' },
          ],
        },
      ],
    },
  },
);

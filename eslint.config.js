// One lint configuration for the whole repository (see docs/architecture.md). The import
// boundaries below are the architecture's one-way flow, enforced; tooling/lint-boundaries.test.ts
// proves each one fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
/** The feature folders (one per screen or pop-up) of an app's src/features, each its own zone. */
const featuresOf = (app) =>
  readdirSync(path.join(root, `apps/${app}/src/features`), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** The web features, each its own import-x zone. */
const FEATURES = featuresOf('web');
/** The console's features (people, programme ...), zoned the same way. */
const CONSOLE_FEATURES = featuresOf('console');

/** Packages that do I/O or render: the domain package (rules and contract) imports none of them. */
const IO_PACKAGES = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'fastify',
  '@fastify/*',
  'kysely',
  'kysely-*',
  'pg',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberately broken code (an import cycle) that tooling/import-cycles.test.ts reads on purpose.
      'tooling/fixtures/**',
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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x reads to follow imports (its TypeScript preset's extensions and parser).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      // Resolves extensionless web imports, '.js' specifiers of '.ts' files and the workspace
      // packages' exports, so the path rules see every import.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/console/tsconfig.json',
            'packages/ui/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/domain/tsconfig.json',
            'tsconfig.tests.json',
          ],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Import cycles (type imports included) are tooling/import-cycles.test.ts's: madge reads the
      // whole graph in seconds, where import-x/no-cycle skipped type imports and was the slowest rule.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // Imports flow one way: shared code -> features -> app (bulletproof-react zones). One
            // zone per feature: a feature may import only inside its own folder.
            ...FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature; move shared code to components/ or api/.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/api', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not import features or the app shell.',
            },
            ...CONSOLE_FEATURES.map((feature) => ({
              target: `./apps/console/src/features/${feature}`,
              from: './apps/console/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature; move shared code to components/ or api/.',
            })),
            {
              target: ['./apps/console/src/components', './apps/console/src/api'],
              from: ['./apps/console/src/features', './apps/console/src/app'],
              message: 'Shared code must not import features or the app shell.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app never imports the server; share through @waypoint/domain.',
            },
            {
              target: './apps/console',
              from: ['./apps/server', './apps/web'],
              message:
                'The console never imports the server or the panel; share through @waypoint/domain and @waypoint/ui.',
            },
            {
              target: './apps/web',
              from: './apps/console',
              message: 'The panel never imports the console; share through @waypoint/ui.',
            },
            {
              target: './apps/web',
              from: ['./packages/domain/src/staff', './packages/domain/src/contract/console'],
              message:
                "The panel never imports the staff console's rules or calls (@waypoint/domain/staff, /console-contract): they would grow its bundle.",
            },
            {
              target: './packages/ui',
              from: './apps',
              message: 'The UI package (tokens and generic components) imports nothing from apps/.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server never imports the web app; share through @waypoint/domain.',
            },
            {
              target: './packages/domain',
              from: './apps',
              message: 'The domain package (rules and contract) imports nothing from apps/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: IO_PACKAGES,
              message:
                'The domain package is pure (rules and contract): no I/O, server or UI packages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/app/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/console/src/features/**/*.{ts,tsx}',
      'apps/console/src/app/**/*.{ts,tsx}',
      'apps/console/src/components/**/*.{ts,tsx}',
    ],
    rules: {
      // Screens call the typed api/ functions (the contract's send), never the raw request.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client'],
              importNames: ['request'],
              message: 'Call an api/ function (send with a contract call), not the raw request.',
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

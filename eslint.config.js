import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing/**', 'e2e/**'];

const server = './apps/server/src';
const FEATURE_IMPORT_MESSAGE =
  'A server feature never imports another feature: move the shared piece into core/, or compose the features in app.ts.';
/**
 * Server layers (docs/architecture.md): contract → core, db, lib, mail, plugins → demo →
 * features → app, cli. The demo generator imports no feature, so the simulation feature can
 * drive it.
 * One zone per feature folder: a glob target would be matched against file names, not folders.
 */
const serverZones = [
  {
    target: `${server}/db`,
    from: ['core', 'mail', 'plugins', 'demo', 'features'].map((layer) => `${server}/${layer}`),
    message: 'db/ holds the schema, migrations and connection, and imports no layer above it.',
  },
  ...['core', 'lib', 'plugins', 'mail'].map((layer) => ({
    target: `${server}/${layer}`,
    from: [`${server}/features`, `${server}/demo`],
    message: `${layer}/ sits below the demo and the features and never imports one.`,
  })),
  {
    target: `${server}/demo`,
    from: `${server}/features`,
    message:
      'demo/ sits below the features (the simulation feature drives it) and never imports one.',
  },
  ...readdirSync(new URL('apps/server/src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${server}/features/${name}`,
      from: `${server}/features`,
      except: [`./${name}`],
      message: FEATURE_IMPORT_MESSAGE,
    })),
];

const web = './apps/web/src';
/** Web layers: lib/components → features → app; one zone per feature folder, as on the server. */
const webZones = [
  ...['lib', 'components'].map((layer) => ({
    target: `${web}/${layer}`,
    from: [`${web}/features`, `${web}/app`],
    message: `${layer}/ sits below the features and never imports one.`,
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'A feature never imports app/.' },
  ...readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${web}/features/${name}`,
      from: `${web}/features`,
      except: [`./${name}`],
      message: 'A web feature never imports another feature: compose them in app/routes.',
    })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only', message: 'Do not commit focused tests.' },
        { object: 'it', property: 'only', message: 'Do not commit focused tests.' },
        { object: 'test', property: 'only', message: 'Do not commit focused tests.' },
      ],
    },
  },
  {
    // process.env is read only in config.ts (DESIGN §8.7); tests and scripts may set it up.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through config.ts.',
        },
      ],
    },
  },
  {
    // Across folders each app imports through its package's subpath imports (`#app/…`), so a
    // path says where the module lives, not how far up the importer sits.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'Import another folder through #app/… (the app\'s package.json "imports").',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their fixtures set up data across features.
    files: ['apps/server/src/**/*.ts'],
    ignores: [...testFiles, '**/*.fixtures.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow lib/components → features → app; features never import each other.
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/contract', from: './apps' }] },
      ],
    },
  },
  {
    // Config files must default-export for their tools; lazy route modules likewise.
    files: ['**/*.config.ts', '**/vite.config.ts', '**/vitest.config.ts', 'eslint.config.js'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: testFiles,
    rules: { 'no-console': 'off' },
  },
);

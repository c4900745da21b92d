import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries (the rules fail the lint, and tools/lint-boundaries.spec proves they do):
 * - apps never import each other: each app imports only itself, libs and packages;
 * - browser code (shell, mf-*) never imports service code (svc-*) or Node built-ins;
 * - shared libs (libs/contracts) carry no Node-only and no browser-only code.
 */
const APPS = ['shell', 'mf-landing', 'mf-session', 'mf-verify', 'svc-gateway', 'svc-sessions', 'svc-verification'];
const BROWSER_APPS = ['shell', 'mf-landing', 'mf-session', 'mf-verify'];

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'zlib',
  'util',
  'worker_threads',
  'cluster',
  'dns',
  'tls',
];

const importOfApp = (app) => [`**/${app}/**`, `@idv/${app}`, `@idv/${app}/*`];

function appBoundaries(app) {
  const others = APPS.filter((other) => other !== app);
  const isBrowser = BROWSER_APPS.includes(app);
  const patterns = [{ group: others.flatMap(importOfApp), message: 'Apps never import each other: move shared code to libs/.' }];
  if (isBrowser) {
    patterns.push(
      { group: ['@idv/service-kit', '@idv/service-kit/*', '@nestjs/*', 'mongoose', 'nats'], message: 'Browser code never imports service code.' },
      {
        group: ['@idv/contracts/catalogue', 'zod', 'zod/*'],
        message: 'The browser keeps the rules of @idv/contracts (validation) without shipping zod: the catalogue is for the services.',
      },
      { group: NODE_BUILTINS, message: 'Browser code cannot use Node built-ins.' },
    );
  }
  return {
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

const BROWSER_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'alert', 'HTMLElement'];
const NODE_GLOBALS = ['process', 'Buffer', '__dirname', '__filename', 'require', 'global'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', '.data/**', '.tools/**', 'tools/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Prettier (.prettierrc.json, `npm test` checks it) lays code out within 160 characters but leaves
    // comments and strings as written: comments must fit too. Strings stay whole (a UI sentence split
    // over lines is harder to find and to translate), and so do URLs and patterns.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['{svc-gateway,svc-sessions,svc-verification,libs/service-kit,e2e}/src/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    // NestJS reads constructor parameter types at run time: type-only imports would erase them.
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['{shell,mf-landing,mf-session,mf-verify}/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Node scripts in CommonJS (a benchmark's child process, a stub service, a worker thread's file)
    files: ['*/bench/**/*.cjs', 'tools/**/*.cjs', 'svc-*/src/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.{ts,tsx}', '**/*.int-spec.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  ...APPS.map(appBoundaries),
  {
    files: ['libs/contracts/src/**/*.ts'],
    ignores: ['libs/contracts/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NODE_BUILTINS, message: 'libs/contracts is shared with the browser: no Node built-ins.' },
            { group: ['react', 'react-*', '@nestjs/*', 'mongoose', 'nats', '@idv/*'], message: 'libs/contracts carries no framework code.' },
            ...APPS.map((app) => ({ group: importOfApp(app), message: 'Libraries never import apps.' })),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[...BROWSER_GLOBALS, ...NODE_GLOBALS].map((name) => ({ name, message: 'libs/contracts runs in browsers and services alike.' })),
      ],
    },
  },
  {
    // Browser libraries: what the shell and the remotes share.
    files: ['libs/{i18n,ui,api-client}/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@idv/service-kit', '@idv/service-kit/*', '@nestjs/*', 'mongoose', 'nats'], message: 'Browser code never imports service code.' },
            {
              group: ['@idv/contracts/catalogue', 'zod', 'zod/*'],
              message: 'The browser keeps the rules of @idv/contracts (validation) without shipping zod: the catalogue is for the services.',
            },
            { group: NODE_BUILTINS, message: 'Browser code cannot use Node built-ins.' },
            ...APPS.map((app) => ({ group: importOfApp(app), message: 'Libraries never import apps.' })),
          ],
        },
      ],
    },
  },
  {
    files: ['libs/id-fixtures/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@nestjs/*', '@idv/*', ...APPS.flatMap(importOfApp)],
              message: 'libs/id-fixtures makes test data only: it imports no app, service code or other library.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/service-kit/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', ...APPS.flatMap(importOfApp)], message: 'libs/service-kit is Node-only and imports no app.' }] },
      ],
    },
  },
);

// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The dependency rule (ARCHITECTURE.md, "The packages and the dependency rule"), enforced:
 *   shared <- engine <- pieces <- server;  shared <- client <- ui;  shared <- embed.
 * The engine core (and shared) import no Node built-ins, no network or database library.
 */
const nodeBuiltins = builtinModules.flatMap((name) => [name, `node:${name}`]);
const ioLibraries = [
  'better-sqlite3',
  'pg',
  'kysely',
  'ioredis',
  'bullmq',
  'ky',
  'undici',
  'axios',
  'fastify',
  'fastify/*',
  '@fastify/*',
];

/** @param {string[]} packages @param {string} why */
function forbid(packages, why) {
  return { paths: packages.map((name) => ({ name, message: why })), patterns: [] };
}

/** @param {string[]} names @param {string[]} extraPatterns @param {string} why */
function forbidWithPatterns(names, extraPatterns, why) {
  return {
    paths: names.map((name) => ({ name, message: why })),
    patterns: extraPatterns.map((group) => ({ group: [group], message: why })),
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'docs/api/**',
      'coverage/**',
      '.piecework/**',
      '.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (CONTRIBUTING.md: named exports only).',
        },
      ],
    },
  },
  {
    files: ['**/*.config.ts', '**/*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidWithPatterns(
          [...nodeBuiltins, ...ioLibraries],
          ['@piecework/*'],
          'shared depends on zod only (ARCHITECTURE.md).',
        ),
      ],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/engine/src/worker/**', 'packages/engine/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidWithPatterns(
          [...nodeBuiltins, ...ioLibraries],
          ['@piecework/server', '@piecework/client', '@piecework/embed', '@piecework/pieces'],
          'The engine core is pure: no Node built-ins, network, database, server or client (ARCHITECTURE.md).',
        ),
      ],
    },
  },
  {
    files: ['packages/client/src/**/*.ts', 'packages/embed/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbid(
          ['@piecework/server', '@piecework/engine', '@piecework/pieces'],
          'client and embed share types only through @piecework/shared (ARCHITECTURE.md).',
        ),
      ],
    },
  },
  {
    files: ['packages/client/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/client/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbid(
          [...nodeBuiltins, '@piecework/server', '@piecework/engine', '@piecework/pieces'],
          'The client runs in Node and browsers: web standards, @piecework/shared, ky and zod only (ARCHITECTURE.md).',
        ),
      ],
    },
  },
  {
    // The browser SDK: browser globals, no Node built-ins outside its tests, shared types only.
    files: ['packages/embed/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/embed/src/testing/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        forbid(
          [
            ...nodeBuiltins,
            '@piecework/server',
            '@piecework/engine',
            '@piecework/pieces',
            '@piecework/client',
          ],
          'The embed SDK runs in browsers and imports only @piecework/shared (ARCHITECTURE.md).',
        ),
      ],
    },
  },
  {
    // The web app: browser code, React hooks' rules, the API only through @piecework/client.
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        forbid(
          [...nodeBuiltins, '@piecework/server', '@piecework/engine', '@piecework/pieces', 'ky'],
          'The web app runs in browsers and talks to the server only through @piecework/client (ARCHITECTURE.md).',
        ),
      ],
    },
  },
  {
    files: ['packages/pieces/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbid(
          ['@piecework/server', '@piecework/client', '@piecework/embed'],
          'pieces sit below the server (ARCHITECTURE.md).',
        ),
      ],
    },
  },
);

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Tests import packages by name; during tests the names resolve to the TypeScript sources:
 * `@piecework/<dir>` to `packages/<dir>/src/index.ts`, and the engine's worker and deferred-thread
 * entry points.
 */
const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));
const alias = [
  { find: /^@piecework\/engine\/worker$/, replacement: `${packagesDir}engine/src/worker/index.ts` },
  {
    find: /^@piecework\/engine\/deferred-thread$/,
    replacement: `${packagesDir}engine/src/worker/deferred-thread.ts`,
  },
  ...readdirSync(packagesDir).map((dir) => ({
    find: new RegExp(`^@piecework/${dir}$`),
    replacement: `${packagesDir}${dir}/src/index.ts`,
  })),
];

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    setupFiles: ['test/setup/no-console.ts'],
    pool: 'forks',
    testTimeout: 20_000,
  },
});

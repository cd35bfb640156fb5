import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests import packages by name; during tests the names resolve to the TypeScript sources. */
const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));
const alias = Object.fromEntries(
  readdirSync(packagesDir).map((dir) => [`@piecework/${dir}`, `${packagesDir}${dir}/src/index.ts`]),
);

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    setupFiles: ['test/setup/no-console.ts'],
    pool: 'forks',
    testTimeout: 20_000,
  },
});

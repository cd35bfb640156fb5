import { pathToFileURL } from 'node:url';

/**
 * This module's `import.meta`, read once: in the CJS build it is `{}` (esbuild says so with an
 * `empty-import-meta` warning) and `__filename` is used instead.
 */
const meta: Partial<Pick<ImportMeta, 'url'>> = import.meta;

/**
 * Finds the server's engine thread script (`engine-thread`), for `WorkerRunner`'s `workerScript`,
 * beside the code now running, in three situations:
 * - TypeScript sources (vitest, tsx): this file is `src/execution/engine-thread-script.ts`, and the
 *   thread is `src/execution/engine-thread.ts` (`WorkerRunner` starts a `.ts` script through tsx);
 * - the built package: this code runs from `dist/index.js` (or a chunk beside it) or
 *   `dist/index.cjs`, and the thread is the entry `dist/engine-thread.js` / `.cjs`;
 * - the standalone CLI bundle (CommonJS): this code runs from `dist/standalone/cli.js` or the
 *   command's bundle `main.js` beside it, and the thread is `dist/standalone/engine-thread.js`
 *   (whose code, `engine-thread-main.js`, it loads through the V8 code cache).
 */
export function resolveEngineThreadScript(): URL {
  // `__filename` in the CJS build, the standalone bundle and under vitest; `import.meta.url` in
  // the package's ESM build and under tsx.
  const self = typeof __filename === 'string' ? pathToFileURL(__filename) : new URL(meta.url!);
  const extension = /\.(ts|cjs)$/.exec(self.pathname)?.[0] ?? '.js';
  return new URL(`engine-thread${extension}`, self);
}

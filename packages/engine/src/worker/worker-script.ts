import { pathToFileURL } from 'node:url';

/**
 * This module's `import.meta`, read once: in the CJS build it is `{}` (esbuild says so with an
 * `empty-import-meta` warning) and `__filename` is used instead.
 */
const meta: Partial<Pick<ImportMeta, 'url' | 'resolve'>> = import.meta;

/** How to start a worker thread: `new Worker(filename, {eval})`. */
export interface WorkerScript {
  filename: string | URL;
  eval: boolean;
}

/**
 * Finds the code of the runner's worker threads, in three situations:
 * - the built package: this code runs from `dist/worker.js` (ESM) or `dist/worker.cjs` (CJS),
 *   and the thread is the sibling entry `dist/worker-thread.js` / `dist/worker-thread.cjs`;
 * - TypeScript sources (vitest, tsx): this file is `src/worker/worker-script.ts`, and the thread
 *   is `src/worker/worker-thread.ts`, which must be compiled on the fly by tsx;
 * - an explicit `workerScript` (path or file URL), taken as given.
 *
 * A `.ts` script is started through a one-line eval'd bootstrap that registers tsx's hooks in
 * the thread, then imports the script. `execArgv: ['--import', 'tsx']` is not used because on
 * Node 20 hooks given to a worker that way do not apply to its own entry file (nodejs/node#47747),
 * and the bootstrap works the same on Node 20, 22 and 24. tsx (a devDependency) is only needed
 * when running from sources.
 */
export function resolveWorkerScript(explicit?: string | URL): WorkerScript {
  const script = explicit === undefined ? besideThisFile() : toUrl(explicit);
  if (!script.pathname.endsWith('.ts')) return { filename: script, eval: false };
  const tsx = meta.resolve?.('tsx/esm/api') ?? 'tsx/esm/api';
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return { filename: bootstrap, eval: true };
}

function besideThisFile(): URL {
  // `__filename` in the CJS build (and under vitest); `import.meta.url` in the ESM build and under tsx.
  const self = typeof __filename === 'string' ? pathToFileURL(__filename) : new URL(meta.url!);
  const extension = /\.(ts|cjs)$/.exec(self.pathname)?.[0] ?? '.js';
  return new URL(`worker-thread${extension}`, self);
}

function toUrl(script: string | URL): URL {
  if (script instanceof URL) return script;
  return script.startsWith('file:') ? new URL(script) : pathToFileURL(script);
}

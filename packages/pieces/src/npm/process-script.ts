import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * This module's `import.meta`, read once: in the CJS build it is `{}` and `__filename` is used
 * instead.
 */
const meta: Partial<Pick<ImportMeta, 'url'>> = import.meta;

/** How to start a piece process: `fork(path, args, {execArgv})`. */
export interface ProcessScript {
  path: string;
  /** Node flags the script itself needs (tsx's loader for a `.ts` script). */
  execArgv: string[];
}

/**
 * Finds the piece process's code:
 * - the built package: this code runs from `dist/*.js` (ESM) or `dist/*.cjs` (CJS) and the
 *   process is the sibling entry `dist/piece-process.js` / `.cjs`;
 * - TypeScript sources (vitest, tsx): this file is `src/npm/process-script.ts` and the process
 *   is `src/npm/piece-process.ts`, started with `--import tsx` (which, unlike for worker
 *   threads, works for a child process's entry on Node 20, 22 and 24); tsx, a devDependency,
 *   is only needed then;
 * - an explicit `processScript` (path or file URL), taken as given (`.ts` gets tsx too).
 */
export function resolveProcessScript(explicit?: string | URL): ProcessScript {
  const path = explicit === undefined ? besideThisFile() : toPath(explicit);
  if (!path.endsWith('.ts')) return { path, execArgv: [] };
  return { path, execArgv: ['--import', tsxLoader(path)] };
}

function selfPath(): string {
  // `__filename` in the CJS build (and under vitest); `import.meta.url` in the ESM build and under tsx.
  return typeof __filename === 'string' ? __filename : fileURLToPath(meta.url!);
}

function besideThisFile(): string {
  const self = selfPath();
  const extension = /\.(ts|cjs)$/.exec(self)?.[0] ?? '.js';
  return fileURLToPath(new URL(`piece-process${extension}`, pathToFileURL(self)));
}

function toPath(script: string | URL): string {
  if (script instanceof URL) return fileURLToPath(script);
  return script.startsWith('file:') ? fileURLToPath(script) : script;
}

/** tsx's loader as a file URL (so `--import` does not depend on the child's working directory). */
function tsxLoader(scriptPath: string): string {
  for (const base of [scriptPath, selfPath(), `${process.cwd()}/`]) {
    try {
      return pathToFileURL(createRequire(base).resolve('tsx')).href;
    } catch {
      // Try the next place.
    }
  }
  return 'tsx';
}

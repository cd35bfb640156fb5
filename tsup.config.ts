import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

/**
 * Builds every package under `packages/` to ESM + CJS + `.d.ts`.
 * A package opts in by having `src/index.ts`; extra entry points are listed in its
 * package.json under `piecework.entries` (e.g. `{"worker": "src/worker/index.ts"}`); those named in
 * `piecework.internalEntries` (thread and process scripts, CLIs) are built without `.d.ts`.
 */
const packagesDir = 'packages';

function packageBuild(dir: string): Options {
  const root = join(packagesDir, dir);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    piecework?: { entries?: Record<string, string>; internalEntries?: string[] };
  };
  const entries: Record<string, string> = { index: join(root, 'src/index.ts') };
  for (const [name, file] of Object.entries(manifest.piecework?.entries ?? {})) {
    entries[name] = join(root, file);
  }
  // Internal entries (a worker thread's or child process's script, a CLI) get no `.d.ts`.
  const internal = new Set(manifest.piecework?.internalEntries ?? []);
  const typedEntries = Object.fromEntries(Object.entries(entries).filter(([name]) => !internal.has(name)));
  return {
    name: dir,
    entry: entries,
    outDir: join(root, 'dist'),
    format: ['esm', 'cjs'],
    dts: { entry: typedEntries, compilerOptions: { composite: false, paths: {} } },
    sourcemap: true,
    clean: true,
    target: 'node20',
    tsconfig: 'tsconfig.base.json',
    external: [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})],
  };
}

/** Packages in build order: a package's declarations need those of the packages it imports. */
export const BUILD_ORDER = ['shared', 'engine', 'pieces', 'server', 'client', 'embed'];

/** One tsup configuration per package that has `src/index.ts`, in {@link BUILD_ORDER}. */
export const packageBuilds: Options[] = readdirSync(packagesDir)
  .filter((dir) => existsSync(join(packagesDir, dir, 'src/index.ts')))
  .sort((a, b) => rank(a) - rank(b))
  .map(packageBuild);

/**
 * The `piecework` command as one self-contained bundle (`packages/server/dist/standalone/`): the
 * CLI with every JavaScript dependency inlined, beside the server's engine-thread script (the
 * engine's worker thread with built-in pieces), the engine's default worker-thread script and the
 * pieces' child-process script (each found beside the code that starts it). Loading one bundle
 * instead of hundreds of package files (Kysely alone is ~400 ESM modules) halves the time from
 * process start to a listening server. Native and WebAssembly packages stay external: they load
 * files of their own from their package folders. The entry `cli.js` is small (`cli/piecework.ts`):
 * it starts the first engine thread, then imports the command (`cli/main.ts`, its own chunk).
 */
export const standaloneServerBuild: Options = {
  name: 'server (standalone CLI)',
  entry: {
    cli: 'packages/server/src/cli/piecework.ts',
    'engine-thread': 'packages/server/src/runs/engine-thread.ts',
    'worker-thread': 'packages/engine/src/worker/worker-thread.ts',
    'piece-process': 'packages/pieces/src/npm/piece-process.ts',
  },
  outDir: 'packages/server/dist/standalone',
  format: ['esm'],
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  target: 'node20',
  platform: 'node',
  tsconfig: 'tsconfig.base.json',
  // Everything but the native and WebAssembly packages (tsup lets noExternal win over external).
  noExternal: [/^(?!better-sqlite3$|quickjs-emscripten|@jitl\/)/],
  external: ['better-sqlite3', /^quickjs-emscripten/, /^@jitl\//],
  // CommonJS dependencies inlined in an ES module still use `require` (for Node built-ins),
  // `__filename` and `__dirname`: each file of the bundle gets its own.
  banner: {
    js: [
      "import { createRequire as createRequireOfBundle } from 'node:module';",
      "import { fileURLToPath as fileURLToPathOfBundle } from 'node:url';",
      'const require = createRequireOfBundle(import.meta.url);',
      'const __filename = fileURLToPathOfBundle(import.meta.url);',
      "const __dirname = fileURLToPathOfBundle(new URL('.', import.meta.url));",
    ].join(' '),
  },
};

function rank(dir: string): number {
  const index = BUILD_ORDER.indexOf(dir);
  return index === -1 ? BUILD_ORDER.length : index;
}

export default defineConfig([...packageBuilds, standaloneServerBuild]);

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  if (dir === 'embed') return embedBuild(entries, typedEntries);
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

/**
 * The browser SDK inlines what it imports of `@piecework/shared` (the zod-free protocol module):
 * its own tsconfig maps the name to `packages/shared/src/index.ts`, and shared's
 * `sideEffects: false` lets esbuild drop every module the SDK does not use, so the output has no
 * runtime dependency and no zod. Its `.d.ts` inline the shared types it names, for the same reason.
 */
function embedBuild(entries: Record<string, string>, typedEntries: Record<string, string>): Options {
  return {
    name: 'embed',
    entry: entries,
    outDir: 'packages/embed/dist',
    format: ['esm', 'cjs'],
    dts: { entry: typedEntries, resolve: ['@piecework/shared'], compilerOptions: { composite: false } },
    sourcemap: true,
    clean: true,
    target: 'es2020',
    platform: 'browser',
    tsconfig: 'packages/embed/tsconfig.json',
  };
}

/**
 * The SDK for a `<script>` tag (`packages/embed/dist/piecework-embed.global.js`, served by a
 * Piecework server at `/sdk/piecework-embed.js`): one minified IIFE that sets `window.piecework`
 * and `window.activepieces`. Built after {@link embedBuild}, which empties the folder.
 */
export const embedScriptTagBuild: Options = {
  name: 'embed (script tag)',
  entry: { 'piecework-embed': 'packages/embed/src/script-tag.ts' },
  outDir: 'packages/embed/dist',
  format: ['iife'],
  outExtension: () => ({ js: '.global.js' }),
  minify: true,
  sourcemap: false,
  clean: false,
  dts: false,
  target: 'es2020',
  platform: 'browser',
  tsconfig: 'packages/embed/tsconfig.json',
};

/** Packages in build order: a package's declarations need those of the packages it imports. */
export const BUILD_ORDER = ['shared', 'engine', 'pieces', 'server', 'client', 'embed'];

/** One tsup configuration per package that has `src/index.ts`, in {@link BUILD_ORDER}. */
export const packageBuilds: Options[] = readdirSync(packagesDir)
  .filter((dir) => existsSync(join(packagesDir, dir, 'src/index.ts')))
  .sort((a, b) => rank(a) - rank(b))
  .map(packageBuild);

/** Where the standalone build goes. */
const standaloneDir = 'packages/server/dist/standalone';

/**
 * The `piecework` command as self-contained CommonJS bundles (`packages/server/dist/standalone/`,
 * a folder of CommonJS by its own `package.json`), each with every JavaScript dependency inlined:
 * the command (`main.js`, from `cli/main.ts`), the server's engine thread (`engine-thread-main.js`,
 * the engine's worker thread with built-in pieces), the engine's default worker-thread script and
 * the pieces' child-process script (each found beside the code that starts it). Loading bundles
 * instead of hundreds of package files (Kysely alone is ~400 ESM modules) halves the time from
 * process start to a listening server. Native and WebAssembly packages (better-sqlite3, esbuild,
 * QuickJS) stay external: they load files of their own from their package folders.
 *
 * Most of what is left of start-up is V8 compiling the two big bundles, so their entries are tiny
 * and run them through a V8 code cache (`cli/compile-cache.ts`, kept in `.compile-cache/` beside
 * them): `cli.js` (`cli/piecework.ts`) starts the first engine thread, then runs `main.js`; the
 * thread's script `engine-thread.js` (`cli/standalone-engine-thread.ts`) runs
 * `engine-thread-main.js`. CommonJS because Node 20 caches no code of ES modules; no `import()`
 * left in the bundles because on Node 20 an `import()` in code compiled from a cache fails.
 */
export const standaloneServerBuild: Options = {
  name: 'server (standalone CLI)',
  entry: {
    cli: 'packages/server/src/cli/piecework.ts',
    main: 'packages/server/src/cli/main.ts',
    'engine-thread': 'packages/server/src/cli/standalone-engine-thread.ts',
    'engine-thread-main': 'packages/server/src/execution/engine-thread.ts',
    'worker-thread': 'packages/engine/src/worker/worker-thread.ts',
    'piece-process': 'packages/pieces/src/npm/piece-process.ts',
  },
  outDir: standaloneDir,
  format: ['cjs'],
  outExtension: () => ({ js: '.js' }),
  splitting: false,
  sourcemap: true,
  clean: true,
  dts: false,
  target: 'node20',
  platform: 'node',
  tsconfig: 'tsconfig.base.json',
  // Everything but the native and WebAssembly packages (tsup lets noExternal win over external).
  noExternal: [/^(?!better-sqlite3$|esbuild$|quickjs-emscripten|@jitl\/)/],
  external: ['better-sqlite3', 'esbuild', /^quickjs-emscripten/, /^@jitl\//],
  esbuildOptions(options) {
    // Every `import()` becomes a `require()` (which loads ES modules too on Node >= 20.19).
    options.supported = { ...options.supported, 'dynamic-import': false };
  },
  // The `.js` files of the server package are ES modules; those of this folder are CommonJS.
  onSuccess: async () => writeFileSync(join(standaloneDir, 'package.json'), '{ "type": "commonjs" }\n'),
};

function rank(dir: string): number {
  const index = BUILD_ORDER.indexOf(dir);
  return index === -1 ? BUILD_ORDER.length : index;
}

export default defineConfig([...packageBuilds, embedScriptTagBuild, standaloneServerBuild]);

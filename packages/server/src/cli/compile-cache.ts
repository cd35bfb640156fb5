/**
 * Loads a big CommonJS bundle with a V8 code cache, for the built `piecework` command: most of its
 * start-up is V8 compiling megabytes of bundled JavaScript, and Node 20 has no code cache of its
 * own for them (`module.enableCompileCache` is Node 22). The bundle runs through `vm.Script` with
 * the `cachedData` saved by an earlier start; the cache lives in `.compile-cache/` beside the
 * bundle (see {@link loadCommonJs}). `NODE_DEBUG=piecework-compile-cache` says, per bundle,
 * whether a cache was used, missing, rejected or written, or why there is none.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { debuglog } from 'node:util';
import { constants, Script } from 'node:vm';
import { compileCacheName, readCompileCache, writeCompileCache } from './compile-cache-file';
import { openCompileCacheFolder } from './compile-cache-folder';

/**
 * What a load did with the code cache: `used` (the code came from it), `missing` (there was
 * none yet), `rejected` (there was one, but corrupt or refused by V8: compiled from source),
 * `off` (no usable cache folder: see {@link openCompileCacheFolder}).
 */
export type CompileCacheUse = 'used' | 'missing' | 'rejected' | 'off';

/** A CommonJS file run by {@link loadCommonJs}. */
export interface LoadedCommonJs {
  /** Its `module.exports`. */
  readonly exports: unknown;
  /** What the load did with the code cache. */
  readonly cache: CompileCacheUse;
  /**
   * Writes its code cache, with every function compiled so far, when there was none or it was
   * rejected (once; not when another process wrote it meanwhile); answers whether it wrote.
   * Call it once the code has done its start-up, so that the functions that start-up compiled
   * lazily are in the cache. Never throws.
   */
  saveCache(): boolean;
}

/** Where {@link loadCommonJs} keeps its code caches. */
export interface LoadCommonJsOptions {
  /** The cache folder; default `.compile-cache` beside the file. */
  cacheDir?: string;
}

type CommonJsWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

const debug = debuglog('piecework-compile-cache');

/**
 * Runs the CommonJS `file` (an absolute path) as a module of its own (`module`, `exports`, a
 * `require` relative to it, `__filename`, `__dirname`) and answers its exports, compiled from the
 * code cache in the cache folder when one matches the file as it is now. Use it for a big bundle
 * that is loaded at every start of a process, then call `saveCache` (or
 * {@link saveCompileCacheLater}) once it has started. The cache folder is made (mode 0700) and
 * used only when it belongs to this user and no one else can write it; when it cannot be made or
 * written (a read-only install) the file loads without a cache, silently.
 *
 * The file should contain no `import()`: compiled from source, it goes to Node's loader, but on
 * Node 20 the code V8 restores from a cache has lost what tells Node which script it belongs to,
 * and `import()` there fails (`ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING`). The standalone build
 * turns every `import()` of its bundles into a `require()`.
 */
export function loadCommonJs(file: string, options: LoadCommonJsOptions = {}): LoadedCommonJs {
  const label = basename(file);
  const descriptor = openSync(file, 'r');
  let source: string;
  let name: string;
  try {
    // The stats of the very file read: the cache's name depends on them.
    name = compileCacheName(file, fstatSync(descriptor, { bigint: true }));
    source = readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
  const cacheDir = options.cacheDir ?? join(dirname(file), '.compile-cache');
  const problem = openCompileCacheFolder(cacheDir);
  const stored = problem === undefined ? readCompileCache(join(cacheDir, name)) : 'missing';
  const script = new Script(Module.wrap(withoutHashbang(source)), {
    filename: file,
    cachedData: Buffer.isBuffer(stored) ? stored : undefined,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  let cache: CompileCacheUse;
  if (problem !== undefined) {
    cache = 'off';
    debug('%s: no code cache (%s: %s)', label, cacheDir, problem);
  } else if (stored === 'missing') {
    cache = 'missing';
    debug('%s: no code cache yet', label);
  } else if (stored === 'corrupt' || script.cachedDataRejected === true) {
    cache = 'rejected';
    debug(
      '%s: code cache %s, compiled from source',
      label,
      stored === 'corrupt' ? 'corrupt' : 'rejected by V8',
    );
  } else {
    cache = 'used';
    debug('%s: code cache used', label);
  }
  const exports = run(script, file);
  let unsaved = wantsCache(cache);
  return {
    exports,
    cache,
    saveCache() {
      if (!unsaved) return false;
      unsaved = false;
      try {
        if (cache === 'missing' && existsSync(join(cacheDir, name))) return false;
        const started = performance.now();
        const data = script.createCachedData();
        writeCompileCache(cacheDir, name, data);
        debug(
          '%s: code cache written (%d bytes, %d ms)',
          label,
          data.length,
          Math.round(performance.now() - started),
        );
        return true;
      } catch (error) {
        debug('%s: code cache not written (%s)', label, String(error));
        return false;
      }
    },
  };
}

/**
 * Saves the code cache of `loaded` `delayMs` from now if it needs one, on a timer that does not
 * keep the process alive (a command that ends sooner writes none; the next start will). Use it
 * right after {@link loadCommonJs} when the process has no better moment to tell "started".
 */
export function saveCompileCacheLater(loaded: LoadedCommonJs, delayMs = 1000): void {
  if (!wantsCache(loaded.cache)) return;
  setTimeout(() => loaded.saveCache(), delayMs).unref();
}

/** Whether a load left its file without a usable code cache that a save would write. */
function wantsCache(cache: CompileCacheUse): boolean {
  return cache === 'missing' || cache === 'rejected';
}

function run(script: Script, file: string): unknown {
  const module = { exports: {} as unknown, id: file, filename: file, loaded: false };
  const wrapper = script.runInThisContext() as CommonJsWrapper;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}

/** A `#!` line is only valid at the very start of a script: wrapped, it becomes a comment. */
function withoutHashbang(source: string): string {
  return source.startsWith('#!') ? `//${source.slice(2)}` : source;
}

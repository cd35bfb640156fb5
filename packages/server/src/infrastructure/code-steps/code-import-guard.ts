/**
 * The esbuild plugin that keeps a code step's bundle to what the step may use: the code itself
 * imports only the npm packages its `package.json` declares, every file bundled comes from the
 * packages installed for it, and no module needs a Node built-in (QuickJS has none): such an
 * import fails the bundle with a message naming the package that imports it and the module.
 */
import { builtinModules } from 'node:module';
import { sep } from 'node:path';
import type { Plugin } from 'esbuild';
import type { CodeDependencies } from '@piecework/shared';

const NODE_BUILTINS = new Set(builtinModules);
/** Marks the guard's own resolve calls, which it lets through. */
const RESOLVING = Symbol('code-import-guard');

/** Where a code step's bundle is made: its install folder, and the file name its code has there. */
export interface CodeImportScope {
  /** The folder of its installed packages (holding `node_modules`). */
  installDir: string;
  /** The absolute path the code step's source has for esbuild (a file that does not exist). */
  entryPath: string;
  dependencies: CodeDependencies;
}

/** The guard for one bundle (see the module comment). */
export function codeImportGuard(scope: CodeImportScope): Plugin {
  const modulesDir = `${scope.installDir}${sep}node_modules${sep}`;
  return {
    name: 'piecework-code-import-guard',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        const fromCode = args.importer === scope.entryPath;
        const importer = fromCode ? 'The code step' : `The package "${packageOf(args.importer)}"`;
        const builtin = builtinName(args.path);
        const needsBuiltin = () =>
          failure(
            `${importer} needs the Node built-in module "${builtin}", which code steps cannot use (they run in a sandbox without Node's APIs)`,
          );
        if (builtin !== undefined && args.path.startsWith('node:')) return needsBuiltin();
        if (fromCode) {
          const name = packageName(args.path);
          if (name === undefined)
            return failure(
              `The code step imports "${args.path}": code steps can import npm packages only, not files`,
            );
          if (!Object.hasOwn(scope.dependencies, name))
            return builtin !== undefined
              ? needsBuiltin()
              : failure(
                  `The code step imports "${name}", which its package.json does not declare in "dependencies"`,
                );
        }
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length > 0)
          return builtin === undefined ? { errors: resolved.errors } : needsBuiltin();
        // Not a file: a module the package's `browser` field disables (esbuild gives it an empty one).
        if (resolved.namespace !== 'file') return undefined;
        // A built-in's name resolves only to an installed package of that name (a polyfill).
        if (!resolved.path.startsWith(modulesDir))
          return builtin === undefined
            ? failure(
                `${importer} imports "${args.path}", which is not part of the packages installed for the code step`,
              )
            : needsBuiltin();
        return resolved;
      });
    },
  };
}

function failure(text: string) {
  return { errors: [{ text }] };
}

/** The built-in module an import names (`fs`, `node:fs`, `fs/promises` -> `fs`...), if it names one. */
function builtinName(path: string): string | undefined {
  if (path.startsWith('node:')) return path.slice('node:'.length);
  if (NODE_BUILTINS.has(path)) return path;
  const root = path.split('/')[0]!;
  return NODE_BUILTINS.has(root) && !path.startsWith('.') ? path : undefined;
}

/** The package a bare import names (`lodash/chunk` -> `lodash`, `@a/b/c` -> `@a/b`); undefined for paths. */
function packageName(path: string): string | undefined {
  if (path.startsWith('.') || path.startsWith('/') || path === '') return undefined;
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The installed package a file belongs to (the last `node_modules/<name>` in its path). */
function packageOf(file: string): string {
  const parts = file.split(`${sep}node_modules${sep}`).pop()!.split(sep);
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * The npm dependencies a code step declares in `sourceCode.packageJson`, normalized: sorted by
 * name, each a registry name with a version range or tag. One owner for the engine (does this
 * step need packages?) and the server (which install and bundle serve it).
 */

/** A code step's dependencies: package name -> version range, sorted by name. */
export type CodeDependencies = Readonly<Record<string, string>>;

/** Why a code step's `package.json` cannot be installed, or its normalized dependencies. */
export type ReadCodeDependencies =
  { ok: true; dependencies: CodeDependencies } | { ok: false; message: string };

/** An npm package name (scoped or not), as the registry accepts it. */
const PACKAGE_NAME = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
/**
 * A version range or dist-tag (`^4.17.0`, `1.x || 2`, `latest`). No `:` or `/`: `file:`, `git+`,
 * URLs, `npm:` aliases and GitHub shorthands would install something other than a registry
 * package (a local folder, a repository), so they are refused.
 */
const VERSION_RANGE = /^[0-9A-Za-z.^~<>=|*+ -]{1,100}$/;

/**
 * Reads the `dependencies` of a code step's `package.json` text. Text that is not a JSON object,
 * or has no `dependencies` object, declares none (`{}`): such steps run without packages, as
 * before. A dependency that is not a registry package with a version range is refused, naming it.
 *
 * @example
 * ```ts
 * readCodeDependencies('{"dependencies":{"lodash":"^4.17.21"}}'); // {ok: true, dependencies: {lodash: '^4.17.21'}}
 * ```
 */
export function readCodeDependencies(packageJson: string): ReadCodeDependencies {
  let parsed: unknown;
  try {
    parsed = JSON.parse(packageJson);
  } catch {
    return { ok: true, dependencies: {} };
  }
  const declared = isObject(parsed) ? parsed.dependencies : undefined;
  if (!isObject(declared)) return { ok: true, dependencies: {} };
  const dependencies: Record<string, string> = {};
  for (const name of Object.keys(declared).sort()) {
    const range = declared[name];
    if (!PACKAGE_NAME.test(name) || name.length > 214)
      return {
        ok: false,
        message: `"${name.slice(0, 100)}" in the code step's package.json is not an npm package name`,
      };
    if (typeof range !== 'string' || !(range.trim() === '' || VERSION_RANGE.test(range.trim())))
      return {
        ok: false,
        message: `The version of ${name} in the code step's package.json must be a version range or tag of the npm registry (no files, URLs or repositories)`,
      };
    dependencies[name] = range.trim() === '' ? 'latest' : range.trim();
  }
  return { ok: true, dependencies };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Variables a piece process inherits: where programs and the home and temp folders are, and locale. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'TZ', 'SystemRoot', 'SYSTEMROOT'];

/**
 * The environment of a piece process: only {@link INHERITED} variables of the host (never its
 * secrets, database URLs or NODE_OPTIONS), plus the `extra` ones the host was configured with.
 */
export function cleanEnv(
  extra: Record<string, string> = {},
  from: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) {
    const value = from[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

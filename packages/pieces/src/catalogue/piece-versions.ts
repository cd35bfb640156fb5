/**
 * Ordering and range resolution of piece versions, by `semver` (npm's own rules): numeric
 * identifiers compare as numbers (`1.0.0-alpha.10` after `1.0.0-alpha.2`), build metadata is
 * ignored (`1.0.0+b1` equals `1.0.0`), a pre-release sorts before its release.
 */
import semver from 'semver';

/**
 * Compares two exact versions for sorting, oldest first. A version semver cannot read (a folder
 * placed by hand) sorts before every valid one, then by its text, so sorting never throws.
 */
export function compareVersions(a: string, b: string): number {
  const left = semver.valid(a);
  const right = semver.valid(b);
  if (left !== null && right !== null) return semver.compare(left, right);
  if (left !== null) return 1;
  if (right !== null) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The version of `available` that `wanted` names: the exact version when it is there, else the
 * newest one satisfying `wanted` as a range (`~0.3.1`, `^1.2.0`, `1.x`), else undefined. Use it
 * wherever a flow's piece version is matched against installed versions.
 */
export function resolveVersion(available: readonly string[], wanted: string): string | undefined {
  if (available.includes(wanted)) return wanted;
  if (semver.validRange(wanted) === null) return undefined;
  return semver.maxSatisfying([...available], wanted) ?? undefined;
}

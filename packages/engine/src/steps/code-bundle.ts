import { BoundedCache, readCodeDependencies } from '@piecework/shared';
import type { CodeBundleOutcome, CodeSource } from '../host/code-bundler';
import type { EngineHost } from '../host/engine-host';
import { messageOf } from '../run/attempt-outcome';

/** What a code step needs before it runs: nothing (plain code), or its bundle (or why there is none). */
export type CodeNeeds = { kind: 'PLAIN' } | { kind: 'BUNDLE' } | { kind: 'REFUSED'; message: string };

/** The answer of a host without a {@link CodeBundler}. */
export const NO_CODE_BUNDLER: CodeBundleOutcome = {
  ok: false,
  message: 'npm packages are not available in code steps here: this host installs no packages',
};

const needsByPackageJson = new BoundedCache<string, CodeNeeds>(500);
/** What a step without dependencies needs (most steps: their package.json is `{}` or empty). */
const PLAIN: CodeNeeds = { kind: 'PLAIN' };
/** Bundles this process got, by source: a bundle is the same for the same source (see CodeBundler). */
const bundles = new BoundedCache<string, string>(50);

/**
 * Whether a code step's `package.json` declares npm dependencies (then it runs as a bundle the
 * host makes) or not (it runs as written, with no call to the host). Cached per text.
 */
export function codeNeeds(packageJson: string): CodeNeeds {
  if (packageJson === '{}' || packageJson === '') return PLAIN;
  const cached = needsByPackageJson.get(packageJson);
  if (cached) return cached;
  const read = readCodeDependencies(packageJson);
  const needs: CodeNeeds = !read.ok
    ? { kind: 'REFUSED', message: read.message }
    : Object.keys(read.dependencies).length === 0
      ? PLAIN
      : { kind: 'BUNDLE' };
  if (packageJson.length <= 10_000) needsByPackageJson.set(packageJson, needs);
  return needs;
}

/**
 * The bundle of a code step with dependencies: from this process's cache (the last 50), else
 * from the host's {@link CodeBundler} (a failure is not kept: the next attempt asks again).
 */
export async function codeBundle(host: EngineHost, source: CodeSource): Promise<CodeBundleOutcome> {
  const key = `${source.packageJson}\u0000${source.code}`;
  const cached = bundles.get(key);
  if (cached !== undefined) return { ok: true, bundle: cached };
  if (!host.code) return NO_CODE_BUNDLER;
  let outcome: CodeBundleOutcome;
  try {
    outcome = await host.code.bundle({ code: source.code, packageJson: source.packageJson });
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
  if (outcome.ok) bundles.set(key, outcome.bundle);
  return outcome;
}

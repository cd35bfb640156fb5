import { transform } from 'sucrase';
import { BoundedCache } from '@piecework/shared';
import type { SandboxFailure } from './sandbox';

/** A code step's source turned into a CommonJS function body, or why it cannot run. */
export type TransformedCode = { ok: true; code: string } | { ok: false; failure: SandboxFailure };

/** Sources longer than this are transformed every time instead of being cached. */
const MAX_CACHED_SOURCE_LENGTH = 100_000;
const cache = new BoundedCache<string, TransformedCode>(500);

/**
 * Strips TypeScript syntax from a code step's ESM source and turns its exports into CommonJS
 * (`exports.code = ...`), with sucrase (`transforms: ['typescript', 'imports']`). Other syntax is
 * kept as written: QuickJS runs ES2023. Results are cached per source text (500 sources, per
 * process).
 *
 * Limitations, by design: an `import` becomes a `require(...)` call that fails the step, saying
 * to list the package in the step's `package.json` dependencies (steps that do run as the bundle
 * their host makes instead, not through this transform); type-only imports are removed and so
 * are allowed.
 * Top-level `await` is not supported (the module body is a plain function).
 */
export function transformCode(source: string): TransformedCode {
  const cached = cache.get(source);
  if (cached) return cached;
  const result = transformUncached(source);
  if (source.length <= MAX_CACHED_SOURCE_LENGTH) cache.set(source, result);
  return result;
}

function transformUncached(source: string): TransformedCode {
  try {
    const { code } = transform(source, { transforms: ['typescript', 'imports'], disableESTransforms: true });
    return { ok: true, code };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, failure: { kind: 'ERROR', message: `The code step has a syntax error: ${reason}` } };
  }
}

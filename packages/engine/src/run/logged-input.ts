import { jsonByteSize } from './json-size';

/**
 * The form of a step's input kept in the run log: every top-level input value whose JSON is
 * larger than `thresholdBytes` reads `(truncated, original size N KB)`. The step itself always
 * receives the full value; only the stored record is shortened.
 */
export function truncateLoggedInput(input: unknown, thresholdBytes: number): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  let changed = false;
  const logged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const size = jsonByteSize(value);
    const keep = size <= thresholdBytes;
    changed ||= !keep;
    Object.defineProperty(logged, key, {
      value: keep ? value : `(truncated, original size ${Math.max(1, Math.round(size / 1024))} KB)`,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return changed ? logged : input;
}

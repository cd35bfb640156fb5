/**
 * A copy of `value` that can cross a process boundary and be stored as JSON: functions,
 * symbols and undefined fields are dropped, cycles are cut, class instances become plain
 * objects. Used for piece metadata, whose props carry functions (`options`, `props`, validators).
 */
export function plainData(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const copy = (current: unknown): unknown => {
    if (typeof current === 'function' || typeof current === 'symbol' || typeof current === 'bigint')
      return undefined;
    if (typeof current !== 'object' || current === null) return current;
    if (current instanceof Date) return current.toISOString();
    if (seen.has(current)) return undefined;
    seen.add(current);
    const result = Array.isArray(current)
      ? current.map((item) => copy(item) ?? null)
      : Object.fromEntries(
          Object.entries(current)
            .map(([key, field]) => [key, copy(field)] as const)
            .filter(([, field]) => field !== undefined),
        );
    seen.delete(current);
    return result;
  };
  return copy(value);
}

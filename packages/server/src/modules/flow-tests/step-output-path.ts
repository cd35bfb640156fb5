/**
 * Reading a part of a step's output by the path of a STEP_OUTPUT expectation: keys separated by
 * dots, array indexes in brackets (`body.items[0].id`). Written here rather than taken from a
 * library because the syntax is this small one only (no wildcards or filters), and a missing part
 * must read as `undefined`, never throw.
 */

/** The segments of a path: `body.items[0].id` is `['body', 'items', 0, 'id']`. */
export function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    segments.push(match[2] === undefined ? match[1]! : Number(match[2]));
  }
  return segments;
}

/** The part of `value` at `path`, or undefined when any segment is missing. */
export function readOutputPath(value: unknown, path: string | undefined): unknown {
  if (path === undefined) return value;
  let current = value;
  for (const segment of pathSegments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    const container = current as Record<string | number, unknown>;
    if (!Object.hasOwn(container, segment)) return undefined;
    current = container[segment];
  }
  return current;
}

/**
 * The `{{ }}` references the data selector inserts, in the NESTED dialect the engine reads
 * (as Activepieces writes them: `step_1['output']['<property>']`): every key in brackets and
 * quotes, array items by index, e.g. `{{step_1['output']['items'][0]['name']}}`,
 * `{{trigger['output']['body']['x']}}`.
 */

/** One step of a path into a value: an object key or an array index. */
export type PathSegment = string | number;

/** `key` as a single-quoted JavaScript string literal. */
function quoted(key: string): string {
  const escaped = key
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "\\'")
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `'${escaped}'`;
}

/** The expression reading `path` inside the output of step `stepName` (no braces). */
export function outputExpression(stepName: string, path: readonly PathSegment[]): string {
  const segments = path.map((segment) =>
    typeof segment === 'number' ? `[${String(segment)}]` : `[${quoted(segment)}]`,
  );
  return `${stepName}['output']${segments.join('')}`;
}

/** The reference to insert for `path` inside step `stepName`'s output, braces included. */
export function outputReference(stepName: string, path: readonly PathSegment[]): string {
  return `{{${outputExpression(stepName, path)}}}`;
}

/** A readable form of a path for labels: `items[0].name`. */
export function describePath(path: readonly PathSegment[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${String(segment)}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');
}

/**
 * How a resolved value reads when interpolated among other text: strings as they are,
 * `undefined` and `null` as `''`, numbers, booleans and bigints through `String()`, objects and
 * arrays as compact JSON (`{"a":1}`); anything JSON cannot print reads as `''`.
 *
 * @example
 * ```ts
 * templateText({ a: [1, 2] }); // '{"a":[1,2]}'
 * ```
 */
export function templateText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) {
        return '';
      }
      try {
        return JSON.stringify(value) ?? '';
      } catch {
        return '';
      }
    default:
      return '';
  }
}

/** Reading and writing the JSON-as-text and 0/1-boolean columns of the portable schema. */
import type { JsonText, SqlBoolean } from './database';

/** The text stored for a JSON value. */
export function toJson(value: unknown): JsonText {
  return JSON.stringify(value);
}

/** The value of a JSON text column (`null` stays `null`). */
export function fromJson<T>(text: JsonText | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** The 0/1 stored for a boolean. */
export function toSqlBoolean(value: boolean): SqlBoolean {
  return value ? 1 : 0;
}

/**
 * Reading one value out of a JSON text column in SQL, in either dialect.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './sql-dialect';

/**
 * The value at `path` (object keys, outermost first) of the JSON text in column `column`, or null
 * when the path is missing: a string value as its text, an object or array as JSON text. SQLite
 * reads it with `json_extract(column, '$.a.b')`, PostgreSQL with `column::json #>> '{a,b}'`.
 * Use it in selects of columns the database stores as JSON text (`json-column.ts`); `db` picks
 * the dialect (inside `compiledStatement`, the `db` its build function gets).
 *
 * @example
 * ```ts
 * db.selectFrom('flowVersion').select(jsonText(db, 'trigger', ['settings', 'pieceName']).as('pieceName'))
 * ```
 */
export function jsonText<DB>(
  db: Kysely<DB>,
  column: string,
  path: readonly string[],
): RawBuilder<string | null> {
  if (path.some((key) => !/^[A-Za-z0-9_]+$/.test(key))) {
    throw new Error(`JSON path keys must be plain names: ${path.join('.')}`);
  }
  if (isPostgres(db)) {
    // PostgreSQL refuses to parse a document holding `\u0000` anywhere (it cannot be text), so the
    // escape is read as U+FFFD first: only a NUL inside the value read changes.
    return sql<
      string | null
    >`(replace(${sql.ref(column)}, ${sql.lit('\\u0000')}, ${sql.lit('\\ufffd')})::json #>> ${sql.lit(`{${path.join(',')}}`)})`;
  }
  return sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${path.join('.')}`)})`;
}

/** Testing a JSON-array text column for any of some strings, in either dialect. */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from './sql-dialect';

/**
 * `column` (JSON text of an array of strings, or null) holds at least one of `values` (non-empty):
 * `json_each` on SQLite, the `?|` operator on PostgreSQL. Null and `[]` match nothing.
 */
export function jsonArrayOverlaps<DB>(
  db: Kysely<DB>,
  column: string,
  values: readonly string[],
): RawBuilder<SqlBool> {
  if (isPostgres(db)) {
    return sql<SqlBool>`(${sql.ref(column)})::jsonb ?| ${[...values]}::text[]`;
  }
  return sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}) where "value" in (${sql.join([...values])}))`;
}

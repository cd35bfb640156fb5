/**
 * Case-sensitive, literal substring tests in SQL: no LIKE, so `%`, `_` and `\` in the searched
 * text are plain characters, and the same answer on both engines (SQLite's LIKE ignores ASCII case,
 * PostgreSQL's does not).
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from './sql-dialect';

/** `column` contains `needle` exactly (as a bound parameter): `instr` on SQLite, `strpos` on PostgreSQL. */
export function textContains<DB>(
  db: Kysely<DB>,
  column: Expression<string | null>,
  needle: string,
): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`strpos(${column}, ${needle}) > 0`
    : sql<SqlBool>`instr(${column}, ${needle}) > 0`;
}

/**
 * Queries built and compiled once, run many times with other values. Kysely builds an operation
 * tree and compiles it to SQL on every call (~15-30 µs for an insert of a dozen columns, as much as
 * SQLite takes to run it); the statements a flow run executes thousands of times a second are
 * compiled once per dialect instead, with named placeholders where the values go.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './database';

/** Where a value goes in a compiled statement: a parameter named `name`. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** Makes the placeholder of parameter `name`, typed as the value that will stand there. */
export type ParamOf<P> = <K extends keyof P & string>(name: K) => P[K];

/** A statement compiled once per dialect; run it with {@link CompiledStatement.run}. */
export interface CompiledStatement<P, R> {
  /** Runs the statement on `db` (the store's `db` or a transaction) with `params`. */
  run(db: Kysely<Database>, params: P): Promise<QueryResult<R>>;
}

/**
 * A statement built by `build` with `param('name')` wherever a value of `P` goes, compiled on
 * first use. Use it for queries on a hot path whose SHAPE never changes (no optional clauses, no
 * `in` lists of varying length); every other query stays an ordinary Kysely call. Each
 * placeholder must stand where Kysely keeps a bound value (`values`, `set`, `where` operands).
 *
 * @example
 * ```ts
 * const deleteJob = compiledStatement<{ id: string }>((db, param) =>
 *   db.deleteFrom('job').where('id', '=', param('id')),
 * );
 * await deleteJob.run(trx, { id });
 * ```
 */
export function compiledStatement<P extends Record<string, unknown>, R = unknown>(
  build: (db: Kysely<Database>, param: ParamOf<P>) => Compilable<R>,
): CompiledStatement<P, R> {
  // One compilation per dialect (adapter class): a process may hold stores of two dialects.
  const compiled = new Map<unknown, CompiledQuery<R>>();
  const param: ParamOf<P> = (name) => new Placeholder(name) as never;
  return {
    async run(db, params) {
      const dialect = db.getExecutor().adapter.constructor;
      let query = compiled.get(dialect);
      if (query === undefined) {
        query = build(db, param).compile();
        compiled.set(dialect, query);
      }
      const parameters = query.parameters.map((value) => {
        if (!(value instanceof Placeholder)) return value;
        if (!(value.name in params))
          throw new Error(`Missing parameter "${value.name}" of a compiled statement`);
        return params[value.name];
      });
      return db.executeQuery<R>({ ...query, parameters });
    },
  };
}

/**
 * An INSERT of one row into `table` naming every column of `columns`, compiled once (see
 * {@link compiledStatement}); run it with the row. For hot inserts whose column list is fixed.
 */
export function compiledInsert<T extends keyof Database & string>(
  table: T,
  columns: readonly (keyof Database[T] & string)[],
): CompiledStatement<Record<(typeof columns)[number], unknown>, never> {
  return compiledStatement<Record<string, unknown>, never>((db, param) =>
    db
      .insertInto(table)
      .values(Object.fromEntries(columns.map((column) => [column, param(column)])) as never),
  );
}

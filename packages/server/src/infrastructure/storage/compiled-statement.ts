/**
 * Queries built and compiled once, run many times with other values. Kysely builds an operation
 * tree and compiles it to SQL on every call (~15-30 µs for an insert of a dozen columns, as much as
 * SQLite takes to run it); the statements a flow run executes thousands of times a second are
 * compiled once per dialect instead, with named placeholders where the values go.
 */
import type { Compilable, CompiledQuery, InsertQueryBuilder, Kysely, QueryResult, RawBuilder } from 'kysely';
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
 * A statement built by `build` (a query builder, or a `sql` template) with `param('name')`
 * wherever a value of `P` goes, compiled on first use. Use it for queries on a hot path whose
 * SHAPE never changes (no optional clauses, no `in` lists of varying length); every other query
 * stays an ordinary Kysely call. Each placeholder must stand where Kysely keeps a bound value
 * (`values`, `set`, `where` operands).
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
  build: (db: Kysely<Database>, param: ParamOf<P>) => Buildable<R>,
): CompiledStatement<P, R> {
  const compiledOn = compiledWithSources(build as Build<R>, (name) => name);
  return {
    run: (db, params) =>
      runCompiled(db, compiledOn, (name) => {
        if (!(name in params)) throw new Error(`Missing parameter "${name}" of a compiled statement`);
        return params[name];
      }),
  };
}

/** A statement compiled once whose values are given by position; see {@link compiledPositionalStatement}. */
export interface PositionalStatement<R> {
  /** Runs the statement on `db` with `values`, in the order of the statement's `names`. */
  run(db: Kysely<Database>, values: readonly unknown[]): Promise<QueryResult<R>>;
}

/**
 * A statement built by `build` with `param(name)` wherever a value goes, run with its values by
 * position: `names` lists every parameter, in the order `run` takes their values. Use it instead
 * of {@link compiledStatement} where the call would have to build an object of computed keys (a
 * multi-row insert's `runId0`, `path0`, ... for every row): making and looking up such keys costs
 * more than SQLite takes to insert the rows. A placeholder missing from `names` fails the first run.
 */
export function compiledPositionalStatement<R = unknown>(
  names: readonly string[],
  build: (db: Kysely<Database>, param: (name: string) => never) => Buildable<R>,
): PositionalStatement<R> {
  const positions = new Map(names.map((name, position) => [name, position]));
  const compiledOn = compiledWithSources(build, (name) => {
    const position = positions.get(name);
    if (position === undefined) throw new Error(`Parameter "${name}" is not among the statement's names`);
    return position;
  });
  return {
    run: (db, values) => runCompiled(db, compiledOn, (position) => values[position]),
  };
}

/** What a statement is built as: a query builder, or a raw `sql` template. */
type Buildable<R> = Compilable<R> | RawBuilder<R>;
type Build<R> = (db: Kysely<Database>, param: (name: string) => never) => Buildable<R>;

/** A bound value the builder put in the statement itself, as opposed to a parameter's key. */
interface Constant {
  value: unknown;
}

/**
 * The statement of `build`, compiled once per dialect (adapter class: a process may hold stores of
 * two dialects), with where each of its bound values comes from: the key `keyOf` gives its
 * parameter's name, or the {@link Constant} the builder put there.
 */
function compiledWithSources<R, K extends string | number>(
  build: Build<R>,
  keyOf: (name: string) => K,
): (db: Kysely<Database>) => { query: CompiledQuery<R>; sources: (K | Constant)[] } {
  const compiled = new Map<unknown, { query: CompiledQuery<R>; sources: (K | Constant)[] }>();
  return (db) => {
    const dialect = db.getExecutor().adapter.constructor;
    let made = compiled.get(dialect);
    if (made === undefined) {
      const built = build(db, placeholder);
      const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      const sources = query.parameters.map((value) =>
        value instanceof Placeholder ? keyOf(value.name) : { value },
      );
      made = { query, sources };
      compiled.set(dialect, made);
    }
    return made;
  };
}

/** Runs the statement of `compiledOn` on `db`, each parameter's value given by `valueOf` its key. */
async function runCompiled<R, K extends string | number>(
  db: Kysely<Database>,
  compiledOn: ReturnType<typeof compiledWithSources<R, K>>,
  valueOf: (key: K) => unknown,
): Promise<QueryResult<R>> {
  const { query, sources } = compiledOn(db);
  const parameters = sources.map((source) => (typeof source === 'object' ? source.value : valueOf(source)));
  return db.executeQuery<R>({ ...query, parameters });
}

function placeholder(name: string): never {
  return new Placeholder(name) as never;
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

/** Rows per multi-row statement: SQLite takes at most 32766 bound values. */
const MAX_BOUND_VALUES = 32_000;

/** A multi-row statement; see {@link compiledMultiRowInsert}. */
export interface MultiRowInsert<C extends string> {
  /** Inserts `rows` in `db` in as few statements as the bound values allow (one, mostly); a missing column is null. */
  run(db: Kysely<Database>, rows: readonly Readonly<Partial<Record<C, unknown>>>[]): Promise<void>;
}

/**
 * A multi-row INSERT into `table` of `columns`, compiled once per row count (the first 64 counts
 * met are kept), each row's values given by position. `finish` may add to the statement (an
 * `ON CONFLICT` clause). Use it where one transaction writes a batch of rows whose size varies (a
 * run's step rows, the audit events of a batch of runs): one round trip instead of one per row.
 */
export function compiledMultiRowInsert<
  T extends keyof Database & string,
  C extends keyof Database[T] & string,
>(
  table: T,
  columns: readonly C[],
  finish: (insert: InsertQueryBuilder<Database, T, never>) => Compilable<never> = (insert) => insert,
): MultiRowInsert<C> {
  const byCount = new Map<number, PositionalStatement<never>>();
  const statementOf = (count: number): PositionalStatement<never> => {
    let statement = byCount.get(count);
    if (statement === undefined) {
      const rowNames = Array.from({ length: count }, (_, index) =>
        columns.map((column) => `${column}${String(index)}`),
      );
      statement = compiledPositionalStatement<never>(rowNames.flat(), (db, param) =>
        finish(
          db
            .insertInto(table)
            .values(
              rowNames.map((names) =>
                Object.fromEntries(columns.map((column, index) => [column, param(names[index]!)])),
              ) as never,
            ) as never,
        ),
      );
      if (byCount.size < 64) byCount.set(count, statement);
    }
    return statement;
  };
  const rowsPerStatement = Math.min(500, Math.floor(MAX_BOUND_VALUES / columns.length));
  return {
    async run(db, rows) {
      for (let start = 0; start < rows.length; start += rowsPerStatement) {
        const chunk = rows.slice(start, start + rowsPerStatement);
        const values: unknown[] = [];
        for (const row of chunk) for (const column of columns) values.push(row[column] ?? null);
        await statementOf(chunk.length).run(db, values);
      }
    },
  };
}

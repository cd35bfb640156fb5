/**
 * Named (prepared) statements for the PostgreSQL pool. An unnamed statement is parsed, analysed
 * and planned by PostgreSQL every time it runs; a named one once per connection, then only bound
 * and executed. The statements of the run path (create a run, claim its job, write its end) run
 * thousands of times a second with the same text, so each text of a data statement gets a name,
 * up to {@link MAX_NAMED_STATEMENTS} texts per pool (texts past that, like `in` lists of a length
 * never seen before, run unnamed).
 */

/** Most statement texts one pool names; PostgreSQL keeps each on every connection that ran it. */
export const MAX_NAMED_STATEMENTS = 400;

/** Statements worth naming: data statements (transaction control and DDL run unnamed). */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\s/i;

/**
 * The names of one pool's statement texts. Use one per pool: names are per connection on the
 * server, and every connection of a pool uses the same name for the same text.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private issued = 0;

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= MAX_NAMED_STATEMENTS || !DATA_STATEMENT.test(text)) return undefined;
    const name = `pw${(this.issued++).toString(36)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Stops naming `text` (it runs unnamed from now on): its prepared form failed, e.g. `select *`
   * of a table another process altered ("cached plan must not change result type").
   */
  forget(text: string): void {
    this.names.delete(text);
  }
}

/**
 * Whether `error` says a prepared statement no longer fits the table it reads (altered since it
 * was prepared); running the same text unnamed succeeds.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    String((error as { message?: unknown }).message).includes('cached plan must not change result type')
  );
}

/**
 * Full-text search over runs. `flowRunSearch` holds one document per finished run: the words of
 * its trigger payload, its steps' outputs and its error messages. On SQLite it is an FTS5 table
 * keyed by the run's `rowid` (with `runId` kept beside it), deleted with its run by a trigger; on
 * PostgreSQL a table of `tsvector`s with a GIN index, deleted with its run. SQLite's
 * `flowRunSearchTerms` (fts5vocab) says in how many documents a word is, to plan a search.
 * `flowRun.searchIndexedAt` is the `updated` of the run when its document was written: runs that
 * ended and changed since (`searchIndexedAt` null or before `updated`) are the indexer's backlog,
 * found through a partial index that holds only them.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../sql-dialect';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flowRun').addColumn('searchIndexedAt', 'text').execute();
  await sql`create index "flow_run_search_backlog_idx" on "flowRun" ("updated")
    where "finishTime" is not null and ("searchIndexedAt" is null or "searchIndexedAt" < "updated")`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`create table "flowRunSearch" (
      "runId" text primary key references "flowRun" ("id") on delete cascade,
      "document" tsvector not null
    )`.execute(db);
    await sql`create index "flow_run_search_document_idx" on "flowRunSearch" using gin ("document")`.execute(
      db,
    );
  } else {
    await sql`create virtual table "flowRunSearch" using fts5(
      "runId" unindexed, "body", tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create virtual table "flowRunSearchTerms" using fts5vocab("flowRunSearch", 'row')`.execute(db);
    // A deleted run's document goes with it, so a later run given the same rowid never inherits it.
    await sql`create trigger "flow_run_search_delete" after delete on "flowRun" begin
      delete from "flowRunSearch" where "rowid" = old."rowid";
    end`.execute(db);
  }
}

/** The run search documents and the indexer's backlog. */
export const runSearch: Migration = { up };

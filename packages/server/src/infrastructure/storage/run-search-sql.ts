/**
 * The SQL of run search, in either dialect: writing a run's search document and testing a run
 * against searched words. SQLite keeps documents in the FTS5 table `flowRunSearch` (keyed by the
 * run's `rowid`, deleted with the run by a trigger); PostgreSQL in `flowRunSearch` as `tsvector`s (the
 * `simple` configuration: no stemming, as FTS5's `unicode61`). See migration `0023-run-search`.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './sql-dialect';

/** At most this many words of a search are used; the rest are ignored. */
export const MAX_SEARCH_TERMS = 16;

/**
 * The words of a user's search text: runs of letters, marks and digits, lower-cased, at most
 * {@link MAX_SEARCH_TERMS}. Everything else (quotes, operators, punctuation) only separates words,
 * so no text can form a query the search engine refuses. Empty when the text has no word.
 */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * How a search is joined to the runs. `lookup` reads every matching document first and fetches
 * those runs (fast when few documents match); `probe` walks the runs the other filters keep,
 * newest first, and checks each one's document (fast when many match: a page fills at once).
 */
export type SearchPlan = 'lookup' | 'probe';

/** Above this many documents holding its rarest word, a search probes rather than looks up. */
export const PROBE_ABOVE_DOCUMENTS = 100_000;

/**
 * The plan for searching `terms`: PostgreSQL always looks up (its planner weighs the GIN index);
 * SQLite probes when even the rarest word is in more than {@link PROBE_ABOVE_DOCUMENTS}
 * documents (read from the `flowRunSearchTerms` vocabulary).
 */
export async function searchPlanOf<DB>(db: Kysely<DB>, terms: readonly string[]): Promise<SearchPlan> {
  if (isPostgres(db) || terms.length === 0) return 'lookup';
  const { rows } = await sql<{ term: string; doc: number }>`select "term", "doc" from "flowRunSearchTerms"
    where "term" in (${sql.join([...terms])})`.execute(db);
  if (rows.length < terms.length) return 'lookup'; // a word no document holds: nothing to fetch
  return Math.min(...rows.map((row) => row.doc)) > PROBE_ABOVE_DOCUMENTS ? 'probe' : 'lookup';
}

/**
 * A condition on `flowRun` rows: the run's search document holds every one of `terms` (from
 * {@link searchTerms}; each is matched as a quoted phrase, so it is never read as an operator),
 * joined as `plan` says.
 */
export function runMatchesTerms<DB>(
  db: Kysely<DB>,
  terms: readonly string[],
  plan: SearchPlan = 'lookup',
): RawBuilder<SqlBool> {
  if (isPostgres(db)) {
    return sql<SqlBool>`"flowRun"."id" in (select "runId" from "flowRunSearch" where "document" @@ plainto_tsquery('simple', ${terms.join(' ')}))`;
  }
  const query = terms.map((term) => `"${term}"`).join(' ');
  if (plan === 'probe') {
    return sql<SqlBool>`exists (select 1 from "flowRunSearch" where "flowRunSearch" match ${query} and "flowRunSearch"."rowid" = "flowRun"."rowid")`;
  }
  return sql<SqlBool>`"flowRun"."rowid" in (select "rowid" from "flowRunSearch" where "flowRunSearch" match ${query})`;
}

/** A run whose search document is to be written, as the indexer read it. */
export interface RunSearchDocumentWrite {
  runId: string;
  /** The run's `updated` when it was read: the document is written only if it is unchanged. */
  updated: string;
  /** Whether the run was indexed before (it may have a document to replace). */
  replacing: boolean;
  /** The document's text. */
  text: string;
}

/**
 * Writes the search documents of `runs` and marks each run indexed as of its `updated`, skipping
 * the runs that changed since they were read (they stay in the backlog). A whole batch costs three
 * statements at most (mark, delete replaced documents, insert), not three per run: preparing a
 * statement costs more than SQLite takes to write a small document. Answers how many were written.
 */
export async function writeRunSearchDocuments(
  trx: Kysely<Database>,
  runs: readonly RunSearchDocumentWrite[],
): Promise<number> {
  if (runs.length === 0) return 0;
  const marks = sql.join(runs.map((run) => sql`(${run.runId}, ${run.updated})`));
  const byId = new Map(runs.map((run) => [run.runId, run]));
  if (isPostgres(trx)) {
    const { rows } = await sql<{ id: string }>`update "flowRun" set "searchIndexedAt" = "marks"."updated"
      from (values ${marks}) as "marks" ("id", "updated")
      where "flowRun"."id" = "marks"."id" and "flowRun"."updated" = "marks"."updated"
      returning "flowRun"."id"`.execute(trx);
    if (rows.length === 0) return 0;
    const documents = rows.map(({ id }) => sql`(${id}, to_tsvector('simple', ${bodyOf(byId.get(id)!)}))`);
    await sql`insert into "flowRunSearch" ("runId", "document") values ${sql.join(documents)}
      on conflict ("runId") do update set "document" = excluded."document"`.execute(trx);
    return rows.length;
  }
  const { rows } = await sql<{
    id: string;
    rowid: number;
  }>`update "flowRun" set "searchIndexedAt" = "marks"."column2"
    from (values ${marks}) as "marks"
    where "flowRun"."id" = "marks"."column1" and "flowRun"."updated" = "marks"."column2"
    returning "flowRun"."id" as "id", "flowRun"."rowid" as "rowid"`.execute(trx);
  if (rows.length === 0) return 0;
  const replaced = rows.filter(({ id }) => byId.get(id)!.replacing).map(({ rowid }) => rowid);
  if (replaced.length > 0) {
    await sql`delete from "flowRunSearch" where "rowid" in (${sql.join(replaced)})`.execute(trx);
  }
  const documents = rows.map(({ id, rowid }) => sql`(${rowid}, ${id}, ${bodyOf(byId.get(id)!)})`);
  await sql`insert into "flowRunSearch" ("rowid", "runId", "body") values ${sql.join(documents)}`.execute(
    trx,
  );
  return rows.length;
}

/** The text a document stores: PostgreSQL text cannot hold NUL, which separates words anyway. */
function bodyOf(run: RunSearchDocumentWrite): string {
  return run.text.replaceAll('\u0000', ' ');
}

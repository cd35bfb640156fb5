/**
 * Drops `flow_run_status_idx`. Every status change of a run (QUEUED -> RUNNING -> its end) moved
 * the run within it, so it cost a B-tree page in the commit of every run, yet no query needed it:
 * runs are listed by project (and flow) through `flow_run_project_created_idx`, with the status
 * as a filter on that page, and found by id; the queue keeps its own state in the `job` table.
 */
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists flow_run_status_idx`.execute(db);
}

/** Leaner run indexes. */
export const leanRunIndexes: Migration = { up };

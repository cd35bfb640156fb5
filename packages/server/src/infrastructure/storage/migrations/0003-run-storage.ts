/**
 * Run storage, second pass:
 * - drops `flow_run_status_idx`. Every status change of a run (QUEUED -> RUNNING -> its end)
 *   moved the run within it, so it cost a B-tree page in the commit of every run, yet no query
 *   needed it: runs are listed by project (and flow) through `flow_run_project_created_idx`, with
 *   the status as a filter on that page, and found by id; the queue keeps its state in `job`.
 * - gives `file` a `flowId` (null for files of no flow), deleted with its flow: the files a run
 *   stores (outputs over the slice threshold, binary webhook and resume bodies) no longer outlive
 *   the flow and its runs.
 */
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists flow_run_status_idx`.execute(db);
  await db.schema
    .alterTable('file')
    .addColumn('flowId', 'text', (c) => c.references('flow.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('file_flow_idx').on('file').column('flowId').execute();
}

/** Leaner run indexes; run files deleted with their flow. */
export const runStorage: Migration = { up };

/**
 * Run retention: finished runs older than AP_EXECUTION_DATA_RETENTION_DAYS are deleted in
 * batches, oldest first, with everything keyed by their id.
 * - `flow_run_created_idx` on `flowRun(created)` finds the oldest runs without reading the whole
 *   table; `created` never changes, so each run costs one append at the index's right edge.
 * - `file.runId` (null for files of no run, and for files stored before this migration) names the
 *   run a file was stored for (its step outputs over the slice threshold, the files its pieces
 *   wrote, its resume bodies), so they go with the run; `file_run_idx` finds them.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('flow_run_created_idx').on('flowRun').column('created').execute();
  await db.schema.alterTable('file').addColumn('runId', 'text').execute();
  await db.schema.createIndex('file_run_idx').on('file').column('runId').execute();
}

/** Indexes and columns the retention sweep deletes by. */
export const runRetention: Migration = { up };

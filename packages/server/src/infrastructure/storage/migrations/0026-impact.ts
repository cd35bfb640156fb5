/**
 * The Impact dashboard's daily figures, kept as production runs end so that the dashboard never
 * scans runs:
 * - `impactRunDay`: per flow, UTC day, end status and duration bucket, how many runs ended so.
 *   Counts by status are its sums over buckets; a flow's duration percentiles come from its
 *   bucket counts over any range of days (`modules/impact/duration-buckets.ts`).
 * - `impactStepFailureDay`: per flow, UTC day and step name, how many runs that step stopped.
 * Both carry the project and platform so that a project's or a platform's figures read one index,
 * and go with their flow when it is deleted, as its runs do.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('impactRunDay')
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('impact_run_day_pk', ['flowId', 'day', 'status', 'bucket'])
    .execute();
  await db.schema
    .createIndex('impact_run_day_project_idx')
    .on('impactRunDay')
    .columns(['projectId', 'day'])
    .execute();
  await db.schema
    .createIndex('impact_run_day_platform_idx')
    .on('impactRunDay')
    .columns(['platformId', 'day'])
    .execute();
  await db.schema
    .createTable('impactStepFailureDay')
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('stepName', 'text', (c) => c.notNull())
    .addColumn('stepDisplayName', 'text', (c) => c.notNull())
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('impact_step_failure_day_pk', ['flowId', 'day', 'stepName'])
    .execute();
  await db.schema
    .createIndex('impact_step_failure_day_project_idx')
    .on('impactStepFailureDay')
    .columns(['projectId', 'day'])
    .execute();
  await db.schema
    .createIndex('impact_step_failure_day_platform_idx')
    .on('impactStepFailureDay')
    .columns(['platformId', 'day'])
    .execute();
}

/** The Impact dashboard's daily run and step-failure counts. */
export const impact: Migration = { up };

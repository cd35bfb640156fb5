/**
 * The run schema: flow runs, their step records (one row per finished step, written as it
 * finishes), the durable job queue, waitpoints of paused runs, schedules of enabled flows, and the
 * key/value store of the Store piece. Portable types only, as in the first migration.
 */
import type { Kysely, Migration } from 'kysely';

/** Creates the run tables. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flowRun')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('flowVersionId', 'text', (c) => c.notNull())
    .addColumn('flowDisplayName', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('triggeredBy', 'text')
    .addColumn('parentRunId', 'text')
    .addColumn('failParentOnFailure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'text')
    .addColumn('stepNameToTest', 'text')
    .addColumn('triggerPayload', 'text')
    .addColumn('failedStep', 'text')
    .addColumn('pause', 'text')
    .addColumn('response', 'text')
    .addColumn('stepsCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logsFileId', 'text')
    .addColumn('internalError', 'text')
    .addColumn('startTime', 'text')
    .addColumn('finishTime', 'text')
    .addColumn('archivedAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_run_project_created_idx')
    .on('flowRun')
    .columns(['projectId', 'created', 'id'])
    .execute();
  await db.schema.createIndex('flow_run_flow_idx').on('flowRun').column('flowId').execute();
  await db.schema.createIndex('flow_run_status_idx').on('flowRun').column('status').execute();

  await db.schema
    .createTable('flowRunStep')
    .addColumn('runId', 'text', (c) => c.notNull().references('flowRun.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('stepName', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flow_run_step_pk', ['runId', 'path'])
    .execute();

  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('runId', 'text', (c) => c.notNull().references('flowRun.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('availableAt', 'text', (c) => c.notNull())
    .addColumn('lockedBy', 'text')
    .addColumn('lockedUntil', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_status_available_idx')
    .on('job')
    .columns(['status', 'availableAt'])
    .execute();
  await db.schema.createIndex('job_project_status_idx').on('job').columns(['projectId', 'status']).execute();
  await db.schema.createIndex('job_run_idx').on('job').column('runId').execute();

  await db.schema
    .createTable('waitpoint')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('runId', 'text', (c) => c.notNull().references('flowRun.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('resumeAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('waitpoint_run_idx').on('waitpoint').column('runId').execute();

  await db.schema
    .createTable('schedule')
    .addColumn('flowId', 'text', (c) => c.primaryKey().references('flow.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('flowVersionId', 'text', (c) => c.notNull())
    .addColumn('cronExpression', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('nextRunAt', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedule_next_run_idx').on('schedule').column('nextRunAt').execute();

  await db.schema
    .createTable('storeEntry')
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_entry_pk', ['projectId', 'key'])
    .execute();
}

/** The run schema. */
export const runs: Migration = { up };

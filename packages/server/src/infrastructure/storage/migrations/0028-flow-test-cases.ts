/**
 * Flow test cases (`flowTestCase`): a trigger output, piece steps' recorded answers and
 * expectations, kept per flow (`flowId`, deleted with it) and run against a version on demand.
 * `sourceRunId` names the run a case was saved from; it is not a foreign key, since runs are
 * deleted by retention while the cases saved from them stay.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flowTestCase')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('triggerOutput', 'text')
    .addColumn('recordings', 'text', (c) => c.notNull())
    .addColumn('expectations', 'text', (c) => c.notNull())
    .addColumn('sourceRunId', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_test_case_flow_idx')
    .on('flowTestCase')
    .columns(['flowId', 'created'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flowTestCase').execute();
}

/** Migration 0028: flow test cases. */
export const flowTestCases: Migration = { up, down };

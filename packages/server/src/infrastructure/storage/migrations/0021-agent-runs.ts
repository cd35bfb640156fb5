/**
 * Agent runs (`agentRun`): the server's record of the agent an agent step of a flow run runs
 * (`flowRunId`, `stepName`, the step's `waitpointId`): its request, its status and its state so
 * far (conversation, output blocks, turns, usage, tool calls started), persisted after every step
 * so a restarted server continues it. Deleting the flow run deletes its agent runs.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agentRun')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('flowRunId', 'text', (c) => c.notNull().references('flowRun.id').onDelete('cascade'))
    .addColumn('waitpointId', 'text', (c) => c.notNull())
    .addColumn('stepName', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agent_run_flow_run_idx').on('agentRun').column('flowRunId').execute();
  await db.schema
    .createIndex('agent_run_project_idx')
    .on('agentRun')
    .columns(['projectId', 'created'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agentRun').execute();
}

/** Migration 0021: agent runs. */
export const agentRuns: Migration = { up, down };

/** The SQL of the `flowTestCase` table: one query per function, on the db or a write transaction. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, FlowTestCaseTable } from '../../infrastructure/storage/database';
import type { FlowTestCaseRow } from './flow-test-case-view';

/** Inserts a test case row and returns it. */
export async function insertFlowTestCase(
  trx: Kysely<Database>,
  values: Insertable<FlowTestCaseTable>,
): Promise<FlowTestCaseRow> {
  return trx.insertInto('flowTestCase').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets `changes` on test case `id`; the updated row, or undefined when there is no such case. */
export async function updateFlowTestCase(
  trx: Kysely<Database>,
  id: string,
  changes: Updateable<FlowTestCaseTable>,
): Promise<FlowTestCaseRow | undefined> {
  return trx.updateTable('flowTestCase').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes test case `id`; the deleted row, or undefined when there was none. */
export async function deleteFlowTestCase(
  trx: Kysely<Database>,
  id: string,
): Promise<FlowTestCaseRow | undefined> {
  return trx.deleteFrom('flowTestCase').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Test case `id` of project `projectId`, or undefined. */
export async function findProjectFlowTestCase(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<FlowTestCaseRow | undefined> {
  return db
    .selectFrom('flowTestCase')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** Every test case of flow `flowId`, oldest first. */
export async function listFlowTestCases(db: Kysely<Database>, flowId: string): Promise<FlowTestCaseRow[]> {
  return db
    .selectFrom('flowTestCase')
    .selectAll()
    .where('flowId', '=', flowId)
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** How many test cases flow `flowId` has. */
export async function countFlowTestCases(db: Kysely<Database>, flowId: string): Promise<number> {
  const row = await db
    .selectFrom('flowTestCase')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('flowId', '=', flowId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A flow test case row as the API returns it. */
import type { Selectable } from 'kysely';
import type { FlowTestCase, FlowTestExpectation, StepRecordings } from '@piecework/shared';
import type { FlowTestCaseTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';

/** A flow test case row. */
export type FlowTestCaseRow = Selectable<FlowTestCaseTable>;

/** The API's `FlowTestCase` of a row. */
export function flowTestCaseView(row: FlowTestCaseRow): FlowTestCase {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    flowId: row.flowId,
    projectId: row.projectId,
    displayName: row.displayName,
    triggerOutput: fromJson<unknown>(row.triggerOutput),
    recordings: fromJson<StepRecordings>(row.recordings) ?? {},
    expectations: fromJson<FlowTestExpectation[]>(row.expectations) ?? [],
    sourceRunId: row.sourceRunId,
  };
}

/** The runs a replay takes: a flow's latest finished PRODUCTION runs. */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';

/** The statuses of the runs a replay takes: finished runs that went through or failed at a step. */
export const REPLAYABLE_RUN_STATUSES = ['SUCCEEDED', 'FAILED'] as const;

/**
 * Up to `limit` of flow `flowId`'s PRODUCTION runs that ended SUCCEEDED or FAILED (not single-step
 * tests), newest first.
 */
export async function listReplayableRuns(
  db: Kysely<Database>,
  flowId: string,
  limit: number,
): Promise<FlowRunRow[]> {
  return db
    .selectFrom('flowRun')
    .selectAll()
    .where('flowId', '=', flowId)
    .where('environment', '=', 'PRODUCTION')
    .where('status', 'in', REPLAYABLE_RUN_STATUSES)
    .where('stepNameToTest', 'is', null)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

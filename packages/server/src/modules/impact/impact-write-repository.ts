/**
 * The Impact figures' writes: adding to (or taking from) the daily counts, one statement per
 * table for any number of keys. Each key must appear once per call (PostgreSQL refuses an upsert
 * that touches a row twice); `record-run-impact.ts` sums them first. The adding upserts run in
 * every batch of run ends, so they are compiled once (`compiledMultiRowInsert`) rather than built
 * through Kysely on every call.
 */
import type { Kysely } from 'kysely';
import { compiledMultiRowInsert } from '../../infrastructure/storage/compiled-statement';
import type { Database } from '../../infrastructure/storage/database';
import type {
  ImpactRunDayTable,
  ImpactStepFailureDayTable,
} from '../../infrastructure/storage/rows/impact-rows';

const upsertRunDayCounts = compiledMultiRowInsert(
  'impactRunDay',
  ['flowId', 'day', 'status', 'bucket', 'projectId', 'platformId', 'runs'],
  (insert) =>
    insert.onConflict((conflict) =>
      conflict
        .columns(['flowId', 'day', 'status', 'bucket'])
        .doUpdateSet((eb) => ({ runs: eb('impactRunDay.runs', '+', eb.ref('excluded.runs')) })),
    ),
);

const upsertStepFailureCounts = compiledMultiRowInsert(
  'impactStepFailureDay',
  ['flowId', 'day', 'stepName', 'stepDisplayName', 'projectId', 'platformId', 'failures'],
  (insert) =>
    insert.onConflict((conflict) =>
      conflict.columns(['flowId', 'day', 'stepName']).doUpdateSet((eb) => ({
        failures: eb('impactStepFailureDay.failures', '+', eb.ref('excluded.failures')),
        stepDisplayName: eb.ref('excluded.stepDisplayName'),
      })),
    ),
);

/** Adds each row's `runs` to the count of its (flow, day, status, bucket), creating it at that value. */
export async function addRunDayCounts(
  trx: Kysely<Database>,
  rows: readonly ImpactRunDayTable[],
): Promise<void> {
  if (rows.length > 0) await upsertRunDayCounts.run(trx, rows);
}

/** Adds each row's `failures` to the count of its (flow, day, step), creating it at that value. */
export async function addStepFailureCounts(
  trx: Kysely<Database>,
  rows: readonly ImpactStepFailureDayTable[],
): Promise<void> {
  if (rows.length > 0) await upsertStepFailureCounts.run(trx, rows);
}

/** Takes one run from the count of (flow, day, status, bucket). */
export async function takeRunDayCount(
  trx: Kysely<Database>,
  key: Pick<ImpactRunDayTable, 'flowId' | 'day' | 'status' | 'bucket'>,
): Promise<void> {
  await trx
    .updateTable('impactRunDay')
    .set((eb) => ({ runs: eb('runs', '-', 1) }))
    .where('flowId', '=', key.flowId)
    .where('day', '=', key.day)
    .where('status', '=', key.status)
    .where('bucket', '=', key.bucket)
    .where('runs', '>', 0)
    .execute();
}

/** Takes one failure from the count of (flow, day, step). */
export async function takeStepFailureCount(
  trx: Kysely<Database>,
  key: Pick<ImpactStepFailureDayTable, 'flowId' | 'day' | 'stepName'>,
): Promise<void> {
  await trx
    .updateTable('impactStepFailureDay')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('flowId', '=', key.flowId)
    .where('day', '=', key.day)
    .where('stepName', '=', key.stepName)
    .where('failures', '>', 0)
    .execute();
}

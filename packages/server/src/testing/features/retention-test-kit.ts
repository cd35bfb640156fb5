/**
 * Run retention and storage figures: many finished runs written straight into a store (with step
 * records, a job, a run file each), ageing runs, and the rows that belong to a set of runs, so a
 * test can check a sweep left none of them. Real runs come from `webhook-run-test-kit.ts`.
 */
import { generateTimeOrderedId, type FlowRunStatus } from '@piecework/shared';
import type { DataStore } from '../../infrastructure/storage/data-store';

/** Where bulk runs go: a real flow and version of a real project. */
export interface RunOwner {
  projectId: string;
  platformId: string;
  flowId: string;
  flowVersionId: string;
}

/** What each bulk run holds. */
export interface BulkRunShape {
  /** The runs' `created` (and `finishTime`). */
  created: string;
  /** Characters of the trigger payload and of each of the two step records. Default 200. */
  payloadChars?: number;
  status?: FlowRunStatus;
  /** Runs written per write transaction. Default 250. */
  perWrite?: number;
}

/**
 * Writes `count` runs of `owner` straight into `store`, each with two step records, a DONE job and
 * a FLOW_RUN_LOG file of its own (named by `logsFileId`); answers their ids.
 */
export async function insertBulkRuns(
  store: DataStore,
  owner: RunOwner,
  count: number,
  shape: BulkRunShape,
): Promise<string[]> {
  const { created, payloadChars = 200, status = 'SUCCEEDED', perWrite = 250 } = shape;
  const filler = 'x'.repeat(payloadChars);
  const ids: string[] = [];
  for (let start = 0; start < count; start += perWrite) {
    const runs = Array.from({ length: Math.min(perWrite, count - start) }, () => ({
      id: generateTimeOrderedId(),
      fileId: generateTimeOrderedId(),
    }));
    await store.write(async (trx) => {
      await trx
        .insertInto('file')
        .values(
          runs.map(({ id, fileId }) => ({
            id: fileId,
            projectId: owner.projectId,
            flowId: owner.flowId,
            runId: id,
            type: 'FLOW_RUN_LOG',
            data: JSON.stringify(filler),
            size: payloadChars + 2,
            created,
            updated: created,
          })),
        )
        .execute();
      await trx
        .insertInto('flowRun')
        .values(
          runs.map(({ id, fileId }) => ({
            id,
            projectId: owner.projectId,
            platformId: owner.platformId,
            flowId: owner.flowId,
            flowVersionId: owner.flowVersionId,
            flowDisplayName: 'Bulk flow',
            environment: 'PRODUCTION',
            status,
            triggerPayload: JSON.stringify({ body: filler }),
            logsFileId: fileId,
            startTime: created,
            finishTime: created,
            created,
            updated: created,
          })),
        )
        .execute();
      await trx
        .insertInto('flowRunStep')
        .values(
          runs.flatMap(({ id }) =>
            ['trigger', 'step_1'].map((path, position) => ({
              runId: id,
              path,
              stepName: path,
              position,
              record: JSON.stringify({ status: 'SUCCEEDED', output: filler }),
              created,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto('job')
        .values(
          runs.map(({ id }) => ({
            id: generateTimeOrderedId(),
            runId: id,
            projectId: owner.projectId,
            kind: 'EXECUTE',
            status: 'DONE',
            availableAt: created,
            created,
            updated: created,
          })),
        )
        .execute();
    });
    ids.push(...runs.map((run) => run.id));
  }
  return ids;
}

/** Sets the `created` of runs `runIds` to `created`, as if they had been made then. */
export async function ageRuns(store: DataStore, runIds: readonly string[], created: string): Promise<void> {
  if (runIds.length === 0) return;
  await store.write((trx) =>
    trx
      .updateTable('flowRun')
      .set({ created })
      .where('id', 'in', [...runIds])
      .execute(),
  );
}

/** How many rows of each table keyed by run id belong to runs `runIds` (and the runs themselves). */
export async function rowsOfRuns(
  store: DataStore,
  runIds: readonly string[],
): Promise<Record<string, number>> {
  const ids = [...runIds];
  const { db } = store;
  const count = async (query: Promise<{ n: number | string | bigint }[]>) => Number((await query)[0]?.n ?? 0);
  const [flowRun, flowRunStep, job, waitpoint, agentRun, file] = await Promise.all([
    count(
      db
        .selectFrom('flowRun')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .execute(),
    ),
    count(
      db
        .selectFrom('flowRunStep')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('runId', 'in', ids)
        .execute(),
    ),
    count(
      db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('runId', 'in', ids)
        .execute(),
    ),
    count(
      db
        .selectFrom('waitpoint')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('runId', 'in', ids)
        .execute(),
    ),
    count(
      db
        .selectFrom('agentRun')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('flowRunId', 'in', ids)
        .execute(),
    ),
    count(
      db
        .selectFrom('file')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('runId', 'in', ids)
        .execute(),
    ),
  ]);
  return { flowRun, flowRunStep, job, waitpoint, agentRun, file };
}

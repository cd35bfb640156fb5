/**
 * The queries behind a project's storage figures: sums of the lengths of the run data its flows
 * keep, per flow. Lengths are SQL `length()` of the stored JSON text (characters, which are bytes
 * for ASCII text) and the `size` column of files (UTF-8 bytes).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** The `file.type`s that hold run data: step outputs, request bodies, files pieces wrote. */
export const RUN_DATA_FILE_TYPES = ['FLOW_RUN_LOG', 'WEBHOOK_PAYLOAD', 'FLOW_STEP_FILE'] as const;

/** One kept run: its flow, the display name it recorded, and the length of its own columns. */
export interface RunBytes {
  id: string;
  flowId: string;
  flowDisplayName: string;
  created: string;
  /** Trigger payload, response and failed step, summed. */
  bytes: number;
}

/** A flow's sum of lengths in one other table. */
export interface FlowBytes {
  flowId: string;
  bytes: number;
}

/**
 * Up to `limit` runs of `projectId` after `after` in `(created, id)` order (from the first when
 * undefined), read through `flow_run_project_created_idx`, with the length of their payload,
 * response and failed step.
 */
export async function runBytesPage(
  db: Kysely<Database>,
  projectId: string,
  after: { created: string; id: string } | undefined,
  limit: number,
): Promise<RunBytes[]> {
  let query = db
    .selectFrom('flowRun')
    .select((eb) => [
      'id',
      'flowId',
      'flowDisplayName',
      'created',
      sql<number>`coalesce(length(${eb.ref('triggerPayload')}), 0) + coalesce(length(${eb.ref('response')}), 0) + coalesce(length(${eb.ref('failedStep')}), 0)`.as(
        'bytes',
      ),
    ])
    .where('projectId', '=', projectId);
  if (after !== undefined) {
    // A row value: both engines read it as one range of the index (an `or` of two comparisons
    // made SQLite read the project's index entries from the start for every page).
    query = query.where(
      (eb) => sql<boolean>`(${eb.ref('created')}, ${eb.ref('id')}) > (${after.created}, ${after.id})`,
    );
  }
  const rows = await query.orderBy('created').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, bytes: Number(row.bytes) }));
}

/** Per run of `runIds`: the summed length of its step records (runs without steps left out). */
export async function sumStepRecordsOf(
  db: Kysely<Database>,
  runIds: readonly string[],
): Promise<{ runId: string; bytes: number }[]> {
  if (runIds.length === 0) return [];
  const rows = await db
    .selectFrom('flowRunStep')
    .select((eb) => ['runId', sql<number>`sum(length(${eb.ref('record')}))`.as('bytes')])
    .where('runId', 'in', [...runIds])
    .groupBy('runId')
    .execute();
  return rows.map((row) => ({ runId: row.runId, bytes: Number(row.bytes) }));
}

/** Per flow of `projectId`: the summed size of its run data files. */
export async function sumRunFiles(db: Kysely<Database>, projectId: string): Promise<FlowBytes[]> {
  const rows = await db
    .selectFrom('file')
    .select((eb) => ['flowId', eb.fn.sum<number>('size').as('bytes')])
    .where('projectId', '=', projectId)
    .where('flowId', 'is not', null)
    .where('type', 'in', [...RUN_DATA_FILE_TYPES])
    .groupBy('flowId')
    .execute();
  return rows.flatMap((row) =>
    row.flowId === null || row.flowId === undefined ? [] : [{ flowId: row.flowId, bytes: Number(row.bytes) }],
  );
}

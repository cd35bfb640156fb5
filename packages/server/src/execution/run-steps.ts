/**
 * A run's step records read back from its rows: nested as the engine keeps them, the trigger's
 * output taken from the run's trigger payload (its row stores no copy), and — for reading —
 * offloaded outputs loaded back from their files.
 */
import { isOffloadedOutput } from '@piecework/engine';
import {
  assembleSteps,
  forEachRecord,
  type FlowRun,
  type StepOutput,
  type StepOutputs,
  type StepOutputType,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database } from '../infrastructure/storage/database';
import { fromJson } from '../infrastructure/storage/json-column';
import { loadRunFile } from './run-files';
import { flowRunFromRow } from './run-rows';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';

/** A saved step row, parsed. */
export interface SavedStep {
  path: string;
  position: number;
  record: StepOutput;
}

/** The step rows of run `runId` in order of arrival. */
export async function loadStepRows(db: Kysely<Database>, runId: string): Promise<SavedStep[]> {
  const rows = await db
    .selectFrom('flowRunStep')
    .select(['path', 'position', 'record'])
    .where('runId', '=', runId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    path: row.path,
    position: row.position,
    record: fromJson<StepOutput>(row.record)!,
  }));
}

/** The record of the trigger as stored: its output is the run's trigger payload, not copied. */
export function triggerRecord(type: StepOutputType): StepOutput {
  return { type, status: 'SUCCEEDED', input: {}, duration: 0 };
}

/**
 * The nested records of `run` from its rows. With `triggerType`, a missing trigger record is
 * made (a run taken up before its first record was written).
 */
export function runSteps(
  run: FlowRunRow,
  rows: readonly SavedStep[],
  triggerType?: StepOutputType,
): StepOutputs {
  const assembled = assembleSteps(rows);
  const trigger =
    assembled['trigger'] ?? (triggerType === undefined ? undefined : triggerRecord(triggerType));
  if (trigger === undefined) return assembled;
  const { trigger: _trigger, ...others } = assembled;
  const output = trigger.output === undefined ? fromJson<unknown>(run.triggerPayload) : trigger.output;
  return { trigger: { ...trigger, output }, ...others };
}

/** Replaces offloaded outputs (in place: `steps` is fresh from {@link runSteps}) with their content. */
export async function loadOffloadedOutputs(
  store: DataStore,
  projectId: string,
  steps: StepOutputs,
): Promise<void> {
  const records: StepOutput[] = [];
  forEachRecord(steps, (_, record) => {
    if (isOffloadedOutput(record.output)) records.push(record);
  });
  for (const record of records) {
    const { fileId } = (record.output as { __pieceworkOffloadedOutput: { fileId: string } })
      .__pieceworkOffloadedOutput;
    try {
      record.output = JSON.parse(await loadRunFile(store, projectId, fileId)) as unknown;
    } catch {
      // A missing file leaves the marker: the record still says how large the output was.
    }
  }
}

/**
 * The run of `row` with its `steps` (assembled from its step records, large outputs read back):
 * what `GET /v1/flow-runs/:id` answers. Use it when the row is already read (e.g. to authorize).
 */
export async function runWithSteps(store: DataStore, row: FlowRunRow): Promise<FlowRun> {
  const steps = runSteps(row, await loadStepRows(store.db, row.id));
  await loadOffloadedOutputs(store, row.projectId, steps);
  return flowRunFromRow(row, steps);
}

/**
 * The end of a single-step test run (`POST /v1/sample-data/test-step`): the tested step's output
 * and resolved input become its sample data, saved exactly as SAVE_SAMPLE_DATA saves them, in
 * the same write transaction as the run's end, so whoever sees the run ended also finds its
 * sample data (`GET /v1/sample-data`). The executor of the run calls these, wherever it runs.
 */
import { isOffloadedOutput, type RunResult } from '@piecework/engine';
import type { FlowOperation } from '@piecework/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import { loadRunFile } from '../../execution/run-files';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { ServerBase } from '../../server-context';
import type { RunEndWrite } from '../../execution/run-end-write';
import type { DataStore } from '../../infrastructure/storage/data-store';
import type { Database } from '../../infrastructure/storage/database';
import { applyFlowChangeIn } from '../flows/apply-flow-change';
import { findProjectOfRun, findUserOfPlatform } from './sample-data-repository';

/** The sample data one execution of a single-step test leaves for its step. */
export interface TestedStepSample {
  readonly run: Pick<FlowRunRow, 'id' | 'flowId' | 'projectId' | 'platformId' | 'triggeredBy'>;
  readonly stepName: string;
  /** The step's output; for a step that failed without one, its error message. */
  readonly output: unknown;
  /** The step's resolved input, as its record logged it. */
  readonly input: unknown;
}

/**
 * What an execution of run `run` leaves to save: its tested step's output and input, or null
 * when the run tests no single step or the step left no finished record (the run stopped before
 * it). An output the engine kept in a file (over AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB) is read back
 * (null if that file is gone).
 * Call it before the run's end is written, outside any write transaction.
 */
export async function testedStepSample(
  store: DataStore,
  run: FlowRunRow,
  result: RunResult,
): Promise<TestedStepSample | null> {
  const stepName = run.stepNameToTest;
  const record = stepName === null ? undefined : result.steps[stepName];
  if (stepName === null || record === undefined || record.status === 'RUNNING') return null;
  const output =
    record.status === 'FAILED' && record.output === undefined ? record.errorMessage : record.output;
  if (!isOffloadedOutput(output)) return { run, stepName, output, input: record.input };
  try {
    const content = await loadRunFile(store, run.projectId, output.__pieceworkOffloadedOutput.fileId);
    return { run, stepName, output: JSON.parse(content) as unknown, input: record.input };
  } catch {
    // The output's file is gone (its flow deleted meanwhile): there is nothing to save.
    return null;
  }
}

const SAVEPOINT = CompiledQuery.raw('savepoint tested_step_sample');
const RELEASE = CompiledQuery.raw('release savepoint tested_step_sample');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint tested_step_sample');

/**
 * Saves `sample` in `trx` (the write of the run's end): SAVE_SAMPLE_DATA of its OUTPUT, then of
 * its INPUT, applied to the flow's draft (made from the locked latest version if there is none)
 * with flow.updated recorded for the user who started the test. A save the flow refuses (the
 * flow or step deleted meanwhile, a payload over AP_MAX_FILE_SIZE_MB) is rolled back alone and
 * logged: the run's end still commits.
 */
export async function saveTestedStepSample(
  trx: Kysely<Database>,
  base: Pick<ServerBase, 'now' | 'settings' | 'pieces' | 'logger'>,
  sample: TestedStepSample,
): Promise<void> {
  await trx.executeQuery(SAVEPOINT);
  try {
    await saveSample(trx, base, sample);
    await trx.executeQuery(RELEASE);
  } catch (error) {
    await trx.executeQuery(ROLLBACK_TO);
    await trx.executeQuery(RELEASE);
    base.logger.warn(
      { err: error, 'flowRun.id': sample.run.id, stepName: sample.stepName },
      "The tested step's sample data could not be saved",
    );
  }
}

async function saveSample(
  trx: Kysely<Database>,
  base: Pick<ServerBase, 'now' | 'settings' | 'pieces'>,
  { run, stepName, output, input }: TestedStepSample,
): Promise<void> {
  const project = await findProjectOfRun(trx, run.projectId);
  if (project === undefined) return;
  const user =
    run.triggeredBy === null ? undefined : await findUserOfPlatform(trx, run.triggeredBy, run.platformId);
  const caller = {
    userId: user?.id ?? null,
    platformId: run.platformId,
    actor: { platformId: run.platformId, userId: user?.id, userEmail: user?.email },
    project,
  };
  const saves: FlowOperation[] = [
    { type: 'SAVE_SAMPLE_DATA', request: { stepName, type: 'OUTPUT', payload: output } },
    { type: 'SAVE_SAMPLE_DATA', request: { stepName, type: 'INPUT', payload: input } },
  ];
  for (const operation of saves) {
    await applyFlowChangeIn(trx, base, run.flowId, operation, caller, null);
  }
}

/**
 * The run end write of a server (the run machinery's `runEndWrite`): a single-step test run's end
 * saves its tested step's sample data ({@link testedStepSample}, then {@link saveTestedStepSample}
 * in the end's transaction); any other run's end writes nothing more.
 */
export function testedStepEndWrite(
  base: Pick<ServerBase, 'store' | 'now' | 'settings' | 'pieces' | 'logger'>,
): RunEndWrite {
  return async (run, result) => {
    const tested = await testedStepSample(base.store, run, result);
    return tested === null ? null : (trx) => saveTestedStepSample(trx, base, tested);
  };
}

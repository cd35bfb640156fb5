/**
 * The move `requeue`: a RUNNING run whose worker stopped or vanished waits for a worker again
 * (QUEUED), its saved step records kept, so the next claim resumes it from them.
 */
import { FlowRunStatus } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database, FlowRunStepTable } from '../../infrastructure/storage/database';
import { writeStepRows } from '../step-writer';
import { moveRun, moveRuns } from './run-moves';

/**
 * Sets the runs `runIds` QUEUED in `trx` where they are still RUNNING: their jobs were queued
 * again because their worker's lease ran out or the process started over.
 */
export async function requeueRuns(
  trx: Kysely<Database>,
  runIds: readonly string[],
  now: string,
): Promise<void> {
  await moveRuns(trx, 'requeue', runIds, FlowRunStatus.enum.QUEUED, { updated: now });
}

/**
 * Writes the step records a run cut short by its process stopping had not written yet, and sets
 * it QUEUED, in `trx`; the caller then gives its job back to the queue.
 */
export async function giveBackRun(
  trx: Kysely<Database>,
  runId: string,
  stepRows: readonly FlowRunStepTable[],
  now: string,
): Promise<void> {
  await writeStepRows(trx, stepRows);
  await moveRun(trx, 'requeue', runId, FlowRunStatus.enum.QUEUED, { updated: now });
}

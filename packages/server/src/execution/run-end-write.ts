/**
 * The port through which a run's end writes what a feature keeps of it, in the same transaction
 * as the end: whoever sees the run ended also sees that write. The server's composition fills it
 * (a single-step test run saves the tested step's sample data, `modules/sample-data`); the run
 * machinery itself knows no feature.
 */
import type { RunResult } from '@piecework/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../infrastructure/storage/database';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';

/**
 * Called once an execution of `run` has its result, before its end is written and outside any
 * transaction: answers the write to make inside the end's transaction, or null for none.
 */
export type RunEndWrite = (
  run: FlowRunRow,
  result: RunResult,
) => Promise<((trx: Kysely<Database>) => Promise<void>) | null>;

/**
 * One retention sweep: deletes the finished runs created more than AP_EXECUTION_DATA_RETENTION_DAYS
 * ago, oldest first, a batch of runs per write transaction with a turn of the event loop between
 * batches, so webhooks and run writes keep going between two short transactions instead of waiting
 * behind one long one. On SQLite it then gives the freed pages back to the file system in steps
 * (`vacuumFreePages`). QUEUED, RUNNING and PAUSED runs are never deleted, however old.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ServerContext } from '../../server-context';
import {
  checkpointLog,
  freePageCount,
  hasIncrementalVacuum,
  vacuumFreePages,
} from '../../infrastructure/storage/sqlite-vacuum';
import {
  deleteFinishedRuns,
  deleteRunFiles,
  findExpiredRunIds,
  tryRetentionLock,
} from './run-retention-repository';

/** What a sweep uses of the server context. */
export type RetentionDependencies = Pick<ServerContext, 'store' | 'now' | 'settings'>;

/** How a sweep goes; every field has a default. */
export interface SweepOptions {
  /** Runs deleted per write transaction. Default 100. */
  batchSize?: number;
  /** Free SQLite pages given back per step after the deletions. Default 2000 (8 MB of 4 kB pages). */
  vacuumPagesPerStep?: number;
  /** Stop after this many batches (the next sweep goes on). Default: until no expired run is left. */
  maxBatches?: number;
  /** Stops the sweep between two batches once aborted (the server is closing). */
  signal?: AbortSignal;
}

/** What one sweep did. */
export interface SweepResult {
  runsDeleted: number;
  filesDeleted: number;
  batches: number;
  /** SQLite pages given back to the file system (0 on PostgreSQL). */
  pagesFreed: number;
  /** True when another process held the sweep's lock (PostgreSQL), so this one did nothing. */
  skipped: boolean;
}

/** The instant (ISO) before which finished runs are expired, `days` days before `now`. */
export function retentionCutoff(now: string, days: number): string {
  return new Date(Date.parse(now) - days * 24 * 60 * 60 * 1000).toISOString();
}

/** Deletes every expired run, batch by batch, then gives SQLite's freed pages back. */
export async function sweepExpiredRuns(
  ctx: RetentionDependencies,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const batchSize = options.batchSize ?? 100;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const cutoff = retentionCutoff(ctx.now(), ctx.settings.config.executionDataRetentionDays);
  const result: SweepResult = { runsDeleted: 0, filesDeleted: 0, batches: 0, pagesFreed: 0, skipped: false };
  while (result.batches < maxBatches && options.signal?.aborted !== true) {
    const batch = await ctx.store.write(async (trx) => {
      if (!(await tryRetentionLock(trx))) return undefined;
      const ids = await findExpiredRunIds(trx, cutoff, batchSize);
      const deleted = await deleteFinishedRuns(trx, ids);
      const files = await deleteRunFiles(
        trx,
        deleted.map((run) => run.id),
        deleted.flatMap((run) => (run.logsFileId === null ? [] : [run.logsFileId])),
      );
      return { found: ids.length, runs: deleted.length, files };
    });
    if (batch === undefined) {
      result.skipped = true;
      break;
    }
    result.batches += 1;
    result.runsDeleted += batch.runs;
    result.filesDeleted += batch.files;
    if (batch.found < batchSize) break;
    await nextTurn();
  }
  if (result.runsDeleted > 0 && options.signal?.aborted !== true)
    result.pagesFreed = await giveBackFreePages(ctx, options.vacuumPagesPerStep ?? 2000, options.signal);
  return result;
}

/** Gives SQLite's free pages back in steps, a turn of the event loop between two; answers how many. */
async function giveBackFreePages(
  ctx: RetentionDependencies,
  pagesPerStep: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  if (!(await hasIncrementalVacuum(ctx.store.db))) return 0;
  const before = await freePageCount(ctx.store.db);
  let free = before;
  while (free > 0 && signal?.aborted !== true) {
    const left = await vacuumFreePages(ctx.store, pagesPerStep);
    if (left >= free) break;
    free = left;
    await nextTurn();
  }
  await checkpointLog(ctx.store.db);
  return before - free;
}

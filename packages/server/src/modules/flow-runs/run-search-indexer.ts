/**
 * The run search indexer of one server process: on the {@link createDueLoop} timer it takes the
 * runs that ended (or changed after they ended) since they were last indexed, a small batch at a
 * time, and writes their search documents. Nothing of this runs in a run's own transactions, so
 * the run path does not wait on it; a run is searchable within a poll interval of its end. Two
 * processes indexing the same run write the same document.
 */
import type { ServerContext } from '../../server-context';
import { createDueLoop, type DueLoop } from '../../infrastructure/timers/due-loop';
import { runSearchDocument } from './run-search-document';
import { findRunsToIndex, stepRecordsOf, storeRunSearchDocuments } from './run-search-repository';

/** What the indexer uses from the server context. */
export type RunSearchIndexerDependencies = Pick<ServerContext, 'store' | 'now' | 'logger'>;

/** Sizes of the indexer's work: runs per transaction, and transactions per look. */
export interface RunSearchIndexerOptions {
  readonly pollIntervalMs?: number;
  readonly batchSize?: number;
  readonly batchesPerLook?: number;
}

/** The indexer over `ctx`; each look answers how many runs it indexed. */
export function createRunSearchIndexer(
  ctx: RunSearchIndexerDependencies,
  options: RunSearchIndexerOptions = {},
): DueLoop<number> {
  const batchSize = options.batchSize ?? 50;
  const batchesPerLook = options.batchesPerLook ?? 20;

  async function indexBatch(): Promise<number> {
    const runs = await findRunsToIndex(ctx.store.db, batchSize);
    if (runs.length === 0) return 0;
    const records = await stepRecordsOf(
      ctx.store.db,
      runs.map((run) => run.id),
    );
    const documents = runs.map((run) => ({
      run,
      text: runSearchDocument({ ...run, stepRecords: records.get(run.id) ?? [] }),
    }));
    await ctx.store.write((trx) => storeRunSearchDocuments(trx, documents));
    return runs.length;
  }

  async function fireDue(): Promise<number> {
    let indexed = 0;
    for (let batch = 0; batch < batchesPerLook; batch += 1) {
      const count = await indexBatch();
      indexed += count;
      if (count < batchSize) break;
    }
    return indexed;
  }

  return createDueLoop(
    ctx,
    'run search indexer',
    { fireDue, earliest: () => Promise.resolve(null) },
    options.pollIntervalMs,
  );
}

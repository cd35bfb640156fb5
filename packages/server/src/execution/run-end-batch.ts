/**
 * The ends of the runs a process executes, written several per write call: an end joins the
 * store's next transaction through one write call that takes, when that transaction runs it, every
 * end waiting by then; so their step rows, audit events and job rows take one statement each for
 * the whole batch instead of one per run (see `finishRuns`), and no end waits longer than it would
 * alone. Each end still commits atomically with its steps, and a batch that fails is written
 * again one end per call, so that one run's failure never fails the others.
 */
import type { Kysely } from 'kysely';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database } from '../infrastructure/storage/database';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';
import type { Execution } from './lifecycle/end-run';

/**
 * How long a batch whose every end was answered already may wait for another write to share a
 * commit (see `DataStore.write`): under a steady stream of requests the next request's run
 * creation carries it.
 */
const DEFERRED_END_MS = 5;

/** One run's end to write. */
export interface RunEnd {
  execution: Execution;
  /** Written in the end's transaction after the end (a single-step test's sample data). */
  endWrite: ((trx: Kysely<Database>) => Promise<void>) | null;
  /** When the end is written (the run's finish time). */
  now: string;
  /**
   * The run's caller has its answer and no new run waits for its slot: the end may wait a
   * moment to share a commit.
   */
  deferrable: boolean;
}

interface Pending extends RunEnd {
  resolve: (row: FlowRunRow) => void;
  reject: (error: unknown) => void;
}

/** One write call of ends: it takes the waiting ends when its transaction first runs it. */
interface Collector {
  /** The ends it writes, once taken. */
  batch: Pending[] | undefined;
  /** It may wait to share a commit (every end waiting when it was made may). */
  deferred: boolean;
}

/**
 * Writes `ends` in `trx` (the runs' ends, then each end's `endWrite`) and answers their run rows
 * as written, in order; throws when any cannot be written.
 */
export type WriteRunEnds = (trx: Kysely<Database>, ends: readonly RunEnd[]) => Promise<FlowRunRow[]>;

/** Writes run ends in batches; see the module comment. Make one per store. */
export class RunEndBatch {
  private pending: Pending[] = [];
  /** The write call made and not yet run by its transaction: new ends join it. */
  private open: Collector | undefined;

  constructor(
    private readonly store: DataStore,
    private readonly writeEnds: WriteRunEnds,
  ) {}

  /** Writes `end` with the others of its batch; resolves with the run row as written once committed. */
  write(end: RunEnd): Promise<FlowRunRow> {
    return new Promise((resolve, reject) => {
      this.pending.push({ ...end, resolve, reject });
      // A deferred call must not hold back an end that may not wait: that one makes a call of its
      // own, which the store runs at once with the deferred one (the first run takes both ends).
      if (this.open !== undefined && (!this.open.deferred || end.deferrable)) return;
      void this.collect(end.deferrable);
    });
  }

  private async collect(deferred: boolean): Promise<void> {
    const collector: Collector = { batch: undefined, deferred };
    this.open = collector;
    let rows: FlowRunRow[];
    try {
      rows = await this.store.write(
        (trx) => {
          // Run again (a retry, or a rerun after another call failed): the same ends.
          if (collector.batch === undefined) {
            collector.batch = this.pending.splice(0);
            if (this.open === collector) this.open = undefined;
          }
          return collector.batch.length === 0 ? Promise.resolve([]) : this.writeEnds(trx, collector.batch);
        },
        { deferMs: deferred ? DEFERRED_END_MS : 0 },
      );
    } catch (error) {
      if (this.open === collector) this.open = undefined;
      const batch = collector.batch ?? this.pending.splice(0);
      await this.fail(batch, error);
      return;
    }
    collector.batch!.forEach((end, index) => end.resolve(rows[index]!));
  }

  /** A batch failed with `error`: a lone end rejects; each of several is written alone. */
  private async fail(batch: Pending[], error: unknown): Promise<void> {
    if (batch.length === 1) {
      batch[0]!.reject(error);
      return;
    }
    await Promise.all(
      batch.map(async (end) => {
        try {
          end.resolve(await this.store.write((trx) => this.writeEnds(trx, [end]).then(([row]) => row!)));
        } catch (endError) {
          end.reject(endError);
        }
      }),
    );
  }
}

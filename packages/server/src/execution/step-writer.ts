/**
 * Persists a run's step records as they finish, several per transaction: records that arrive
 * while a write is under way, or within a short delay, are written together (see
 * {@link StepWriter}). The rows left when the run ends go into the run's final transaction
 * ({@link StepWriter.close} then {@link writeStepRows}).
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { compiledMultiRowInsert } from '../infrastructure/storage/compiled-statement';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database, FlowRunStepTable } from '../infrastructure/storage/database';

/**
 * The upsert of step rows. A place already recorded gets the new record and keeps its position:
 * the engine records a place again only when it legitimately finishes it again (a paused step on
 * resume, a failed step on retry, a loop or router walked again).
 */
const upsertStepRows = compiledMultiRowInsert(
  'flowRunStep',
  ['runId', 'path', 'stepName', 'position', 'record', 'created'],
  (insert) =>
    insert.onConflict((conflict) =>
      conflict.columns(['runId', 'path']).doUpdateSet((eb) => ({
        record: eb.ref('excluded.record'),
        created: eb.ref('excluded.created'),
      })),
    ),
);

/** Inserts step rows in `trx` (see {@link upsertStepRows}: a place recorded again is updated). */
export async function writeStepRows(trx: Kysely<Database>, rows: readonly FlowRunStepTable[]): Promise<void> {
  await upsertStepRows.run(trx, rows);
}

/**
 * The buffered writer of one run's step rows. A record that may follow an effect outside the run
 * (a PIECE step: an HTTP call, a message sent) is written on the next turn of the event loop, so
 * that a crash right after it does not make a recovery repeat the effect; other records (code,
 * loops, routers: nothing outside the run) may wait up to `delayMs` and go with the next write or
 * the run's final transaction: a fast flow then costs one transaction for all its steps.
 */
export class StepWriter {
  private buffer: FlowRunStepTable[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private soon = false;
  private closed = false;

  constructor(
    private readonly store: DataStore,
    private readonly logger: Logger,
    private readonly delayMs: number,
  ) {}

  /** Queues a row: written at once (next turn) when `urgent`, else within `delayMs`. */
  add(row: FlowRunStepTable, urgent: boolean): void {
    this.buffer.push(row);
    if (this.closed) return;
    if (urgent || this.delayMs <= 0) {
      if (this.soon) return;
      this.soon = true;
      clearTimeout(this.timer);
      this.timer = undefined;
      setImmediate(() => this.startFlush());
    } else if (this.timer === undefined && !this.soon) {
      this.timer = setTimeout(() => this.startFlush(), this.delayMs);
    }
  }

  /**
   * Stops writing on its own, waits for the write under way, and answers the rows not written
   * yet (for the run's final transaction).
   */
  async close(): Promise<FlowRunStepTable[]> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.writing;
    return this.buffer.splice(0);
  }

  private startFlush(): void {
    this.soon = false;
    this.timer = undefined;
    if (!this.closed) this.writing = this.writing.then(() => this.flush());
  }

  private async flush(): Promise<void> {
    if (this.closed || this.buffer.length === 0) return;
    const rows = this.buffer.splice(0);
    try {
      await this.store.write((trx) => writeStepRows(trx, rows));
    } catch (error) {
      // Kept for the next write or the final transaction.
      this.buffer.unshift(...rows);
      this.logger.warn({ err: error }, 'Step records could not be written yet');
    }
  }
}

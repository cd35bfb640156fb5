/**
 * The reconciler of the Redis job queue: PostgreSQL (the `job` table) is the truth, so a QUEUED
 * row whose BullMQ job is missing (Redis restarted or was flushed, an add failed) gets its job
 * again. No acknowledged run is lost.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../infrastructure/storage/database';
import { timestampOf } from '../infrastructure/storage/timestamp';
import type { BullDelivery } from './bull-delivery';

/** Where a {@link LostJobsReconciler} is in the table, and how it looks. */
export interface ReconcileOptions {
  /** Rows checked per round, at most. */
  batchSize: number;
  /** Only rows available for at least this long, in ms (newer ones are being added after their commit). */
  minAgeMs: number;
}

/**
 * Walks the QUEUED rows available for at least `minAgeMs`, `batchSize` per {@link round} in id
 * order (the next round goes on where this one stopped, then starts over), checks their BullMQ
 * jobs in one pipelined round trip and adds the missing ones. A delayed job lost with Redis is
 * found once its time came.
 */
export class LostJobsReconciler {
  private after = '';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly delivery: BullDelivery,
    private readonly options: ReconcileOptions,
  ) {}

  /** Checks one batch; answers how many jobs it added again. */
  async round(nowMs: number): Promise<number> {
    const rows = await this.db
      .selectFrom('job')
      .select(['id', 'runId', 'projectId', 'availableAt'])
      .where('status', '=', 'QUEUED')
      .where('availableAt', '<=', timestampOf(nowMs - this.options.minAgeMs))
      .where('id', '>', this.after)
      .orderBy('id')
      .limit(this.options.batchSize)
      .execute();
    this.after = rows.length < this.options.batchSize ? '' : (rows.at(-1)?.id ?? '');
    const missing = new Set(await this.delivery.missing(rows.map((row) => row.id)));
    const lost = rows.filter((row) => missing.has(row.id));
    await this.delivery.add(
      lost.map(({ id, runId, projectId }) => ({ id, runId, projectId, availableAtMs: nowMs })),
      nowMs,
    );
    return lost.length;
  }
}

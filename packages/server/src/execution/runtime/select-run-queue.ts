/**
 * The queue stage of the run machinery: the job queue the runtime claims from and enqueues to.
 */
import type { ServerBase } from '../../server-context';
import type { RunQueue } from '../run-queue';
import { SqlJobQueue } from '../sql-job-queue';
import type { RunRuntimeOptions } from '../create-run-runtime';

/**
 * The runtime's job queue: the one given (BullMQ in scale-out), else the table queue of the
 * server's database with the configured per-project limit and the lease `leaseMs`.
 */
export function selectRunQueue(base: ServerBase, options: RunRuntimeOptions, leaseMs: number): RunQueue {
  return (
    options.queue ??
    new SqlJobQueue(base.store, {
      defaultConcurrentJobsLimit: base.settings.config.defaultConcurrentJobsLimit,
      leaseMs,
      timestamp: base.now,
    })
  );
}

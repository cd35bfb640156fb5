/**
 * Timed work (due schedules, polls, trigger renewals) in scale-out: a BullMQ job scheduler makes
 * a tick job every `everyMs`, and the queue's global concurrency of 1 lets exactly one app process
 * run a tick at a time, so two apps never fire the same schedule twice. It replaces each
 * process's own timer (`createDueLoop`'s) in this mode; every tick does all the work that is due.
 */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';

/** What {@link startTimedWorkTicks} is given. */
export interface TimedWorkTicksDeps {
  connection: ConnectionOptions;
  /** The installation's BullMQ key prefix. */
  prefix: string;
  /** The kinds of timed work; each tick runs every one's `fireDue` in turn. */
  works: readonly { fireDue(): Promise<unknown> }[];
  logger: Logger;
  /** Between two ticks, in ms. Default 1000 (the granularity of the embedded timer's polling). */
  everyMs?: number;
}

/** Running ticks; `close()` stops this process from taking them (the scheduler stays for the others). */
export interface TimedWorkTicks {
  close(): Promise<void>;
}

const QUEUE_NAME = 'timed-work';

/** Starts taking tick jobs in this process (and makes sure the job scheduler exists). */
export async function startTimedWorkTicks(deps: TimedWorkTicksDeps): Promise<TimedWorkTicks> {
  const { connection, prefix, works, logger } = deps;
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  await queue.setGlobalConcurrency(1);
  await queue.upsertJobScheduler(
    'due-work',
    { every: deps.everyMs ?? 1000 },
    { name: 'tick', opts: { removeOnComplete: true, removeOnFail: true } },
  );
  const worker = new Worker(
    QUEUE_NAME,
    async () => {
      for (const work of works) await work.fireDue();
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('failed', (_job, error) => logger.error({ err: error }, 'A timed-work tick failed'));
  worker.on('error', (error) => logger.warn({ err: error }, 'The timed-work worker lost Redis'));
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

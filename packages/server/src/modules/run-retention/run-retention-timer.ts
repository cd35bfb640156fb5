/**
 * The retention timer of one app process: a sweep (`sweepExpiredRuns`) soon after the server
 * starts and then every `intervalMs`, never two at once. Every app process of a scaled-out
 * installation runs one; the sweep's lock on PostgreSQL lets one process delete at a time, and a
 * sweep is idempotent (it deletes what is expired when it looks), so overlapping timers only skip.
 */
import type { ServerContext } from '../../server-context';
import { hasIncrementalVacuum } from '../../infrastructure/storage/sqlite-vacuum';
import { isPostgres } from '../../infrastructure/storage/sql-dialect';
import { sweepExpiredRuns, type SweepOptions, type SweepResult } from './sweep-expired-runs';

/** What the retention timer uses of the server context. */
export type RetentionTimerDependencies = Pick<ServerContext, 'store' | 'now' | 'settings' | 'logger'>;

/** Options of the run retention timer: the sweep's, and when it runs. */
export interface RunRetentionOptions extends Omit<SweepOptions, 'signal'> {
  /** Between two sweeps, in ms. Default one hour. */
  intervalMs?: number;
  /** From start to the first sweep, in ms. Default one minute (the start is not slowed by it). */
  firstDelayMs?: number;
}

/** A process's retention timer. */
export interface RunRetention {
  /** Arms the timer. */
  start(): Promise<void>;
  /** Stops the timer; a sweep under way stops after its current batch. */
  stop(): Promise<void>;
  /** Sweeps now (after a sweep under way) and answers what it did. */
  sweepNow(): Promise<SweepResult>;
}

/** The retention timer over `ctx`. */
export function createRunRetention(
  ctx: RetentionTimerDependencies,
  options: RunRetentionOptions = {},
): RunRetention {
  const { intervalMs = 60 * 60 * 1000, firstDelayMs = 60 * 1000, ...sweepOptions } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopping = new AbortController();
  let inFlight: Promise<unknown> = Promise.resolve();

  function sweepNow(): Promise<SweepResult> {
    const result = inFlight.then(() => sweepExpiredRuns(ctx, { ...sweepOptions, signal: stopping.signal }));
    inFlight = result.catch(() => undefined);
    return result;
  }

  function arm(delayMs: number): void {
    timer = setTimeout(() => {
      void sweepNow()
        .then((result) => {
          if (result.runsDeleted > 0) ctx.logger.info({ ...result }, 'Deleted expired runs');
        })
        .catch((error: unknown) => ctx.logger.error({ err: error }, 'The run retention sweep failed'))
        .finally(() => {
          if (!stopping.signal.aborted) arm(intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    sweepNow,
    async start() {
      stopping = new AbortController();
      if (!isPostgres(ctx.store.db) && !(await hasIncrementalVacuum(ctx.store.db))) {
        ctx.logger.warn(
          'The SQLite file does not give deleted runs back to the disk (it was too large to convert at start); stop the server and run VACUUM after PRAGMA auto_vacuum = INCREMENTAL to convert it',
        );
      }
      arm(firstDelayMs);
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await inFlight;
    },
  };
}

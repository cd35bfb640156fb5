/**
 * The scheduler of one server process: fires the due schedules of enabled flows (see
 * `fire-schedule.ts`). It looks every `pollIntervalMs` (new and changed schedules are seen within
 * that) and sooner when the earliest schedule is due before. `start()` fires every overdue
 * schedule once before it answers, so a restart skips no due run.
 */
import type { ServerContext } from '../../server-context';
import { fireSchedule, type FireOutcome } from './fire-schedule';
import { dueSchedules, earliestNextRunAt } from './schedule-repository';

/** Options of {@link createScheduler}. */
export interface SchedulerOptions {
  /** Longest wait between two looks at the schedule table, in ms. Default 1000. */
  pollIntervalMs?: number;
}

/** Fires due schedules while started. */
export interface Scheduler {
  /** Fires every schedule due now, then keeps firing them as they come due. */
  start(): Promise<void>;
  /** Stops the timer and waits for a firing in progress. */
  stop(): Promise<void>;
  /** Fires every schedule due now (once each) and answers what each firing did. */
  fireDue(): Promise<FireOutcome[]>;
}

/** How many due schedules one query takes. */
const BATCH = 100;

/** The scheduler over `ctx` (its store, clock, logger and run machinery). */
export function createScheduler(ctx: ServerContext, options: SchedulerOptions = {}): Scheduler {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let arming: Promise<void> = Promise.resolve();

  /** Runs `fn` after every firing already under way: two firings of one schedule never overlap. */
  function serialized<T>(fn: () => Promise<T>): Promise<T> {
    const result = inFlight.then(fn);
    inFlight = result.catch(() => undefined);
    return result;
  }

  async function fireDueNow(): Promise<FireOutcome[]> {
    const outcomes: FireOutcome[] = [];
    const tried = new Set<string>();
    for (;;) {
      const due = await dueSchedules(ctx.store.db, ctx.now(), BATCH + tried.size);
      const untried = due.filter((flowId) => !tried.has(flowId));
      if (untried.length === 0) return outcomes;
      for (const flowId of untried) {
        tried.add(flowId);
        try {
          const outcome = await fireSchedule(ctx, flowId);
          if (outcome.kind === 'RAN') ctx.logger.info({ flowId, ...outcome }, 'schedule fired');
          outcomes.push(outcome);
        } catch (error) {
          ctx.logger.error({ err: error, flowId }, 'schedule could not fire; it stays due');
        }
      }
    }
  }

  /** One look at the table: fires what is due; a failure is logged, never thrown. */
  async function look(): Promise<void> {
    try {
      await serialized(fireDueNow);
    } catch (error) {
      ctx.logger.error({ err: error }, 'scheduler could not read the due schedules');
    }
  }

  async function arm(): Promise<void> {
    if (!started) return;
    let delay = pollIntervalMs;
    try {
      const earliest = await earliestNextRunAt(ctx.store.db);
      const untilEarliest = earliest === null ? pollIntervalMs : Date.parse(earliest) - Date.parse(ctx.now());
      // An earliest instant in the past is a schedule that failed to fire: retry at the poll rate.
      if (untilEarliest > 0) delay = Math.min(untilEarliest, pollIntervalMs);
    } catch (error) {
      ctx.logger.error({ err: error }, 'scheduler could not read the next due time');
    }
    if (!started) return;
    timer = setTimeout(() => {
      arming = look().then(arm);
    }, delay);
    timer.unref();
  }

  return {
    fireDue: () => serialized(fireDueNow),
    async start() {
      if (started) return;
      started = true;
      await look();
      arming = arm();
      await arming;
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await inFlight;
      await arming;
    },
  };
}

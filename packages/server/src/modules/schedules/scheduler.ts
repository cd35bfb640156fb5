/**
 * The scheduler of one server process: fires the due schedules of enabled flows (see
 * `fire-schedule.ts`) on the process's {@link createDueLoop} timer. `start()` fires every overdue
 * schedule once before it answers, so a restart skips no due run.
 */
import type { ServerContext } from '../../server-context';
import { createDueLoop, type DueLoop } from '../../infrastructure/timers/due-loop';
import { fireSchedule, type FireOutcome } from './fire-schedule';
import { dueSchedules, earliestNextRunAt } from './schedule-repository';

/** Options of {@link createScheduler}. */
export interface SchedulerOptions {
  /** Longest wait between two looks at the schedule table, in ms. Default 1000. */
  pollIntervalMs?: number;
}

/** Fires due schedules while started; `fireDue()` answers what each firing did. */
export type Scheduler = DueLoop<FireOutcome[]>;

/** How many due schedules one query takes. */
const BATCH = 100;

/** What the scheduler uses from the server context: its store, clock, logger and run machinery. */
export type SchedulerDependencies = Pick<ServerContext, 'store' | 'now' | 'logger' | 'runs'>;

/** The scheduler over `ctx` (its store, clock, logger and run machinery). */
export function createScheduler(ctx: SchedulerDependencies, options: SchedulerOptions = {}): Scheduler {
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

  return createDueLoop(
    ctx,
    'scheduler',
    { fireDue: fireDueNow, earliest: () => earliestNextRunAt(ctx.store.db) },
    options.pollIntervalMs ?? 1000,
  );
}

/**
 * A resume that arrives before its run has paused: a sub-flow's `returnResponse` can answer its
 * caller's callback URL while the caller is still finishing the step that called it (the caller
 * pauses once the call has answered). Such a resume waits for the run to pause (or end), up to
 * {@link PAUSE_WAIT_MS}, instead of finding no waitpoint.
 */
import type { FlowRun } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { findRun } from './flow-run-repository';

/**
 * The longest a resume waits for a QUEUED or RUNNING run to pause. The wait ends as soon as the
 * run pauses or ends (its events reach every process), so this only bounds a resume sent to a run
 * that goes on running; it is generous because on a loaded scale-out worker the caller's pause
 * can be written seconds after the sub-flow it called has answered.
 */
export const PAUSE_WAIT_MS = 30_000;

/** What waiting on a run uses from the server context: its store and run machinery. */
export type AwaitPauseDependencies = Pick<ServerContext, 'store' | 'runs'>;

/**
 * Run `runId` as it is once it is neither QUEUED nor RUNNING, or after `waitMs` (as it is then);
 * undefined when there is no such run. Waits on the run machinery's events, so a run that pauses
 * or ends meanwhile is read again at once.
 */
export async function runOncePausedOrEnded(
  ctx: AwaitPauseDependencies,
  runId: string,
  waitMs = PAUSE_WAIT_MS,
): Promise<FlowRunRow | undefined> {
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const listener = (run: FlowRun) => {
    if (run.id === runId) settle();
  };
  ctx.runs.events.on('run.paused', listener);
  ctx.runs.events.on('run.finished', listener);
  const timer = setTimeout(settle, waitMs);
  try {
    const run = await findRun(ctx.store.db, runId);
    if (run === undefined || (run.status !== 'QUEUED' && run.status !== 'RUNNING')) return run;
    await settled;
    return await findRun(ctx.store.db, runId);
  } finally {
    clearTimeout(timer);
    ctx.runs.events.off('run.paused', listener);
    ctx.runs.events.off('run.finished', listener);
  }
}

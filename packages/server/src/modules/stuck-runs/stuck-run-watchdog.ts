/**
 * The stuck-run watchdog of one server process: every look (each `pollIntervalMs`; in scale-out
 * one app process per tick, `execution/scale-out/timed-work-ticks.ts`) reads the runs that have
 * been QUEUED, RUNNING or PAUSED longer than their limit and that it has not alerted about, marks
 * each (a guarded update: of two processes looking at once, one marks a run) and emails the
 * project's alert receivers about the production ones. A run is alerted about once, however long
 * it stays stuck. It reports only: ending stuck runs is a person's call (`POST /v1/stuck-runs/end`).
 */
import { StuckRunStatus, type StuckRun } from '@piecework/shared';
import { stuckRunEmail } from '../../infrastructure/email/stuck-run-email';
import { createDueLoop, type DueLoop } from '../../infrastructure/timers/due-loop';
import type { ServerContext } from '../../server-context';
import { findProjectDisplayName, listEmailReceivers } from '../alerts/alert-repository';
import { shortestLimits } from './stuck-run-limits-repository';
import { findWaitingRuns, markStuckReported } from './stuck-run-repository';
import { cutoffBefore, LIMIT_KEY, stuckRunOf } from './stuck-run-of';

/** What the watchdog uses of the server context. */
export type StuckRunWatchdogDependencies = Pick<
  ServerContext,
  'store' | 'now' | 'logger' | 'mailer' | 'settings'
>;

/** Options of {@link createStuckRunWatchdog}. */
export interface StuckRunWatchdogOptions {
  /** Between two looks, in ms. Default 60 000: limits are whole minutes. */
  pollIntervalMs?: number;
}

/** How many waiting runs one query reads. */
const PAGE = 200;

/** The watchdog's timer over `ctx`; each look answers the runs it newly found stuck. */
export function createStuckRunWatchdog(
  ctx: StuckRunWatchdogDependencies,
  options: StuckRunWatchdogOptions = {},
): DueLoop<StuckRun[]> {
  return createDueLoop(
    ctx,
    'stuck-run watchdog',
    { fireDue: () => sweepStuckRuns(ctx), earliest: () => Promise.resolve(null) },
    options.pollIntervalMs ?? 60_000,
  );
}

/** One sweep: marks and alerts about every stuck run not alerted about yet; answers them. */
export async function sweepStuckRuns(ctx: StuckRunWatchdogDependencies): Promise<StuckRun[]> {
  const now = ctx.now();
  const shortest = await shortestLimits(ctx.store.db);
  const found: StuckRun[] = [];
  for (const status of StuckRunStatus.options) {
    const before = cutoffBefore(now, shortest[LIMIT_KEY[status]]);
    let after: { updated: string; id: string } | undefined;
    for (;;) {
      const rows = await findWaitingRuns(ctx.store.db, {
        status,
        before,
        unreportedOnly: true,
        after,
        limit: PAGE,
      });
      const stuck = rows.flatMap((row) => stuckRunOf(row, now) ?? []);
      const marked = await ctx.store.write(async (trx) => {
        const mine: StuckRun[] = [];
        for (const run of stuck) if (await markStuckReported(trx, run, now)) mine.push(run);
        return mine;
      });
      found.push(...marked);
      const last = rows.at(-1);
      if (last === undefined || rows.length < PAGE) break;
      after = { updated: last.updated, id: last.id };
    }
  }
  for (const run of found) {
    ctx.logger.warn(
      { runId: run.id, projectId: run.projectId, status: run.status, ageMinutes: run.ageMinutes },
      'A run is stuck over its limit',
    );
    if (run.environment === 'PRODUCTION') await alertStuckRun(ctx, run);
  }
  return found;
}

/** Emails every EMAIL receiver of the run's project (a failure is logged, never thrown). */
async function alertStuckRun(ctx: StuckRunWatchdogDependencies, run: StuckRun): Promise<void> {
  if (!ctx.mailer.configured) return;
  try {
    const receivers = await listEmailReceivers(ctx.store.db, run.projectId);
    if (receivers.length === 0) return;
    const project = await findProjectDisplayName(ctx.store.db, run.projectId);
    const content = stuckRunEmail({
      publicUrl: ctx.settings.publicUrl,
      projectId: run.projectId,
      projectName: project?.displayName ?? run.projectId,
      flowName: run.flowDisplayName,
      runId: run.id,
      status: run.status,
      since: run.since,
      ageMinutes: run.ageMinutes,
      limitMinutes: run.limitMinutes,
    });
    for (const { receiver } of receivers) await ctx.mailer.send({ to: receiver, ...content });
  } catch (error) {
    ctx.logger.warn(
      { err: error, runId: run.id, projectId: run.projectId },
      'Could not email a stuck-run alert',
    );
  }
}

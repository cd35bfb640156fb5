/**
 * Stuck runs of a project: listing them (QUEUED, RUNNING or PAUSED longer than their limit) and
 * ending them by hand with a reason. Ending goes through the run machinery's cancel (`ctx.runs`:
 * QUEUED and PAUSED runs end at once, RUNNING ones are stopped), then records the reason on each
 * run it ended and one `stuck.runs.ended` audit event.
 */
import { StuckRunStatus, type EndStuckRunsRequest, type FlowRun, type StuckRun } from '@piecework/shared';
import { auditFlowRunOf, flowRunFromRow } from '../../execution/run-rows';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { ServerContext } from '../../server-context';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import { shortestLimits } from './stuck-run-limits-repository';
import { findRunRows, findWaitingRuns, recordEndReason } from './stuck-run-repository';
import { cutoffBefore, LIMIT_KEY, stuckRunOf } from './stuck-run-of';

/** What the stuck-run list and end use of the server context. */
export type StuckRunDependencies = Pick<ServerContext, 'store' | 'now' | 'runs'>;

/** How many waiting runs one query reads. */
const PAGE = 500;

/** The project's stuck runs at this moment, longest stuck first (by how far over their limit). */
export async function listStuckRuns(deps: StuckRunDependencies, project: ProjectRow): Promise<StuckRun[]> {
  const now = deps.now();
  const shortest = await shortestLimits(deps.store.db);
  const stuck: StuckRun[] = [];
  for (const status of StuckRunStatus.options) {
    const before = cutoffBefore(now, shortest[LIMIT_KEY[status]]);
    let after: { updated: string; id: string } | undefined;
    for (;;) {
      const rows = await findWaitingRuns(deps.store.db, {
        status,
        before,
        projectId: project.id,
        after,
        limit: PAGE,
      });
      for (const row of rows) {
        const run = stuckRunOf(row, now);
        if (run !== undefined) stuck.push(run);
      }
      const last = rows.at(-1);
      if (last === undefined || rows.length < PAGE) break;
      after = { updated: last.updated, id: last.id };
    }
  }
  return stuck.sort((a, b) => b.ageMinutes / b.limitMinutes - a.ageMinutes / a.limitMinutes);
}

/**
 * Ends the named stuck runs of the project (or all of them) as CANCELED with `reason` recorded on
 * each, and answers those runs as they are after. Named runs that are not stuck (within their
 * limit, ended already, of another project or unknown) are left as they are and left out.
 */
export async function endStuckRuns(
  deps: StuckRunDependencies,
  project: ProjectRow,
  actor: AuditActor,
  request: EndStuckRunsRequest,
): Promise<FlowRun[]> {
  const stuck = await listStuckRuns(deps, project);
  const named = new Set(request.flowRunIds ?? []);
  const ids = stuck.filter((run) => request.all === true || named.has(run.id)).map((run) => run.id);
  if (ids.length === 0) return [];
  const startedAt = deps.now();
  await deps.runs.cancel(project.id, ids);
  await deps.store.write(async (trx) => {
    const ended = await recordEndReason(trx, project.id, ids, startedAt, request.reason);
    if (ended.length === 0) return;
    const rows = await findRunRows(trx, project.id, ended);
    await recordAuditEvent(trx, deps.now(), actor, {
      action: 'stuck.runs.ended',
      data: {
        flowRuns: rows.map(auditFlowRunOf),
        reason: request.reason,
        project: { displayName: project.displayName },
      },
      project: { id: project.id, displayName: project.displayName },
    });
  });
  const rows = await findRunRows(deps.store.db, project.id, ids);
  return rows.map((row) => flowRunFromRow(row));
}

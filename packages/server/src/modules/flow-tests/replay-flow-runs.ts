/**
 * Replaying a flow's past runs against a version before publishing it (`POST /v1/flows/:id/replay`):
 * each run's trigger payload runs again on the version, its piece steps answered from that run's
 * own records, and the two runs are compared step by step.
 */
import {
  compareRuns,
  recordingsFromRun,
  replayRun,
  type EngineOptions,
  type StepComparison,
} from '@piecework/engine';
import type {
  FlowReplayRequest,
  FlowReplayResult,
  FlowVersion,
  ReplayedRun,
  ReplayStepChange,
} from '@piecework/shared';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runWithSteps } from '../../execution/run-steps';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { FlowTestDependencies } from './flow-test-case-service';
import { FlowTestBudget, flowTestEngineOptions } from './flow-test-limits';
import { respondingPieces } from './local-pieces';
import { listReplayableRuns } from './replayable-runs-repository';
import { versionUnderTest } from './version-under-test';

/**
 * Replays the latest `request.limit` finished PRODUCTION runs of flow `flowId` against
 * `request.versionId` or the flow's draft, one after another on this thread (each bounded by
 * `flowTestEngineOptions`, all by the request's `FlowTestBudget`: runs left once it is spent are
 * FAILED as not run), and says for each whether it would come out the SAME, CHANGED, stop
 * where a piece step would call a service with an input its run did not record
 * (WOULD_CALL_SERVICE), or could not be replayed (FAILED). Nothing is stored.
 */
export async function replayFlowRuns(
  deps: FlowTestDependencies,
  project: ProjectRow,
  flowId: string,
  request: FlowReplayRequest,
): Promise<FlowReplayResult> {
  const version = await versionUnderTest(deps.store.db, flowId, request.versionId);
  const rows = await listReplayableRuns(deps.store.db, flowId, request.limit);
  const budget = new FlowTestBudget();
  const runs: ReplayedRun[] = [];
  for (const row of rows) {
    const engine = flowTestEngineOptions(deps.settings.config, budget);
    if (engine === undefined) {
      runs.push(notReplayed(row));
      continue;
    }
    runs.push(await replayOne(deps, project, version, row, engine));
    await nextTurn();
  }
  return {
    versionId: version.id,
    runs,
    summary: {
      same: runs.filter((run) => run.outcome === 'SAME').length,
      changed: runs.filter((run) => run.outcome === 'CHANGED').length,
      wouldCallService: runs.filter((run) => run.outcome === 'WOULD_CALL_SERVICE').length,
      failed: runs.filter((run) => run.outcome === 'FAILED').length,
    },
  };
}

async function replayOne(
  deps: FlowTestDependencies,
  project: ProjectRow,
  version: FlowVersion,
  row: FlowRunRow,
  engine: Partial<EngineOptions>,
): Promise<ReplayedRun> {
  try {
    const past = await runWithSteps(deps.store, row);
    const before = past.steps ?? {};
    const replay = await replayRun({
      flowVersion: version,
      triggerOutput: before['trigger']?.output ?? null,
      recordings: recordingsFromRun(before),
      options: engine,
      local: respondingPieces(),
      run: {
        id: `replay-${row.id}`,
        flowId: version.flowId,
        flowVersionId: version.id,
        projectId: project.id,
      },
    });
    const comparison = compareRuns(before, replay.result.steps);
    const stop = replay.wouldCallService;
    if (stop !== undefined) {
      return {
        runId: row.id,
        created: row.created,
        outcome: 'WOULD_CALL_SERVICE',
        pathChanged: comparison.pathChanged,
        changedSteps: comparison.changed
          .filter((step) => step.change !== 'REMOVED' && step.stepName !== stop.stepName)
          .map(stepChange),
        wouldCallStep: stop.stepName,
        message: stop.message,
      };
    }
    const changed =
      comparison.pathChanged || comparison.changed.length > 0 || replay.result.status !== past.status;
    return {
      runId: row.id,
      created: row.created,
      outcome: changed ? 'CHANGED' : 'SAME',
      pathChanged: comparison.pathChanged,
      changedSteps: comparison.changed.map(stepChange),
    };
  } catch (error) {
    return {
      runId: row.id,
      created: row.created,
      outcome: 'FAILED',
      pathChanged: false,
      changedSteps: [],
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

function stepChange(step: StepComparison): ReplayStepChange {
  return {
    stepName: step.stepName,
    before: step.before,
    after: step.after,
    change: step.change === 'SAME' ? 'CHANGED' : step.change,
  };
}

/** A run left when the request's time was spent. */
function notReplayed(row: FlowRunRow): ReplayedRun {
  return {
    runId: row.id,
    created: row.created,
    outcome: 'FAILED',
    pathChanged: false,
    changedSteps: [],
    message: FlowTestBudget.spentMessage(),
  };
}

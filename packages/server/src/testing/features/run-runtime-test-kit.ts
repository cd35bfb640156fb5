/**
 * Runs handed straight to the run runtime, for the run machinery's tests: step requests (code,
 * loop, router, a built-in piece), published flows made through the real flow routes, `NewRun`s
 * to start, and waiting for a run's status read from the server's own run store. For runs started
 * by calling a webhook and read over the API, see `webhook-run-test-kit.ts`.
 */
import {
  isTerminalRunStatus,
  type FlowOperation,
  type FlowRun,
  type FlowRunStatus,
  type PopulatedFlow,
  type StepRequest,
} from '@piecework/shared';
import { flowsApi, routerStep, webhookTrigger } from './flow-test-kit';
import type { TestServer } from '../test-server';
import type { TestUser } from '../test-users';
import type { NewRun } from '../../execution/run-runtime';

export { code, loopOver as loop } from './flow-test-kit';

/** A ROUTER with one branch taken when `value` is true, and the fallback. */
export function router(name: string, value: string): StepRequest {
  return routerStep(name, 'Yes', { operator: 'BOOLEAN_IS_TRUE', firstValue: value });
}

/** A step of a built-in piece (any version runs the built-in unless that npm version is installed). */
export function pieceAction(
  name: string,
  pieceName: string,
  actionName: string,
  input: Record<string, unknown>,
  pieceVersion = '0.0.1',
): StepRequest {
  return {
    name,
    displayName: `Piece ${name}`,
    type: 'PIECE',
    valid: true,
    settings: { pieceName, pieceVersion, actionName, propertySettings: {}, input },
  };
}

/** ADD_ACTION of `step` at a place relative to `parentStep`. */
export function add(
  step: StepRequest,
  parentStep: string,
  place: { inside?: 'LOOP' | 'BRANCH'; branchIndex?: number } = {},
): FlowOperation {
  return {
    type: 'ADD_ACTION',
    request: {
      parentStep,
      action: step,
      ...(place.inside === 'LOOP' ? { stepLocationRelativeToParent: 'INSIDE_LOOP' as const } : {}),
      ...(place.inside === 'BRANCH'
        ? { stepLocationRelativeToParent: 'INSIDE_BRANCH' as const, branchIndex: place.branchIndex ?? 0 }
        : {}),
      ...(place.inside === undefined ? { stepLocationRelativeToParent: 'AFTER' as const } : {}),
    },
  };
}

/** The operations adding `steps` one after the other, after the trigger. */
export function chain(steps: StepRequest[]): FlowOperation[] {
  return steps.map((step, index) => add(step, index === 0 ? 'trigger' : steps[index - 1]!.name));
}

/** A flow with a webhook trigger and `operations` applied, published (its draft locked). */
export async function publishedFlow(
  server: TestServer,
  user: TestUser,
  operations: FlowOperation[],
  displayName = 'Run test flow',
): Promise<PopulatedFlow> {
  const api = flowsApi(server, user.token);
  const flow = await api.createFlow(user.projectId!, displayName);
  return api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() }, ...operations, {
    type: 'LOCK_AND_PUBLISH',
    request: {},
  });
}

/** A PRODUCTION run of the flow's published version. */
export function newRun(flow: PopulatedFlow, user: TestUser, overrides: Partial<NewRun> = {}): NewRun {
  return {
    projectId: flow.projectId,
    platformId: user.platformId,
    flowId: flow.id,
    flowVersionId: flow.publishedVersionId ?? flow.version.id,
    flowDisplayName: flow.version.displayName,
    environment: 'PRODUCTION',
    triggerPayload: { body: { n: 1 } },
    triggeredBy: 'TEST',
    ...overrides,
  };
}

/** Waits until run `runId` is in one of `statuses` (default: any terminal status) and answers it. */
export async function waitForRun(
  server: TestServer,
  runId: string,
  statuses?: readonly FlowRunStatus[],
  timeoutMs = 15_000,
): Promise<FlowRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await server.server.context.runs.getRun(runId);
    if (run && (statuses ? statuses.includes(run.status) : isTerminalRunStatus(run.status))) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still ${run?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

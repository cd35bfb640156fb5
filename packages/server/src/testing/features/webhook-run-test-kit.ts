/**
 * Runs started by calling a webhook, as a client sees them, for the tests of webhooks and runs:
 * step requests (code, router, loop, Return Response, Wait for Approval), published flows built
 * with the real flow routes, webhook calls, and waiting for a run's status read over the API. For
 * runs handed straight to the run runtime, see `run-runtime-test-kit.ts`.
 */
import type { FlowOperation, FlowRun, FlowRunStatus, StepRequest } from '@piecework/shared';
import { callApi } from '../call-api';
import type { ApiServer, TestServer } from '../test-server';
import { flowsApi, routerStep, webhookTrigger } from './flow-test-kit';
import { add } from './run-runtime-test-kit';

export { chainOf, code, loopOver, returnResponse } from './flow-test-kit';

/** A ROUTER step: the first branch when `value` is a number above 5, else the fallback. */
export function routerAbove5(name: string, value: string): StepRequest {
  return routerStep(name, 'Big', { operator: 'NUMBER_IS_GREATER_THAN', firstValue: value, secondValue: '5' });
}

/** The built-in approval piece's Wait for Approval: pauses on a WEBHOOK waitpoint. */
export function waitForApproval(name: string): StepRequest {
  return {
    name,
    displayName: 'Wait for Approval',
    type: 'PIECE',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-approval',
      pieceVersion: '~0.1.18',
      actionName: 'wait_for_approval',
      propertySettings: {},
      input: {},
    },
  };
}

/** A step added inside branch `branchIndex` of router `parentStep`. */
export function addInBranch(step: StepRequest, parentStep: string, branchIndex: number): FlowOperation {
  return add(step, parentStep, { inside: 'BRANCH', branchIndex });
}

/** A step added right after `parentStep` (a router or loop included, not inside it). */
export function addAfter(step: StepRequest, parentStep: string): FlowOperation {
  return add(step, parentStep);
}

/** A step added as the first step of loop `parentStep`'s body. */
export function addInLoop(step: StepRequest, parentStep: string): FlowOperation {
  return add(step, parentStep, { inside: 'LOOP' });
}

/**
 * A flow of `projectId` with a webhook trigger and `operations` applied; published and enabled
 * unless `publish` is false. Answers the flow's id and its latest version's id.
 */
export async function buildFlow(
  server: ApiServer,
  token: string,
  projectId: string,
  operations: FlowOperation[],
  publish = true,
): Promise<{ flowId: string; versionId: string }> {
  const api = flowsApi(server, token);
  const flow = await api.createFlow(projectId, 'Webhook flow');
  let latest = await api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() }, ...operations);
  if (publish) latest = await api.apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return { flowId: flow.id, versionId: latest.version.id };
}

/** Calls a webhook route (`suffix`: '', '/sync', '/draft', '/draft/sync', '/test'). */
export function callWebhook(server: ApiServer, flowId: string, suffix = '', init: RequestInit = {}) {
  return fetch(`${server.apiUrl}/v1/webhooks/${flowId}${suffix}`, { method: 'POST', ...init });
}

/** A JSON request body for {@link callWebhook}. */
export function jsonBody(value: unknown): RequestInit {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

/**
 * Reads run `runId` (with steps) until `done` holds; fails after 50 s, a limit only a stuck run
 * reaches (the test's own timeout usually ends it first): a run whose first npm piece step starts
 * the piece process can take 20 s on a crowded machine.
 */
export async function waitForRun(
  server: ApiServer,
  token: string,
  runId: string,
  done: (run: FlowRun) => boolean = (run) => !['QUEUED', 'RUNNING'].includes(run.status),
): Promise<FlowRun> {
  const deadline = Date.now() + 50_000;
  for (;;) {
    const answer = await callApi<FlowRun>(server.apiUrl, 'GET', `/v1/flow-runs/${runId}`, { token });
    if (answer.status === 200 && done(answer.body)) return answer.body;
    if (Date.now() > deadline) {
      throw new Error(`run ${runId} did not get there: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until run `runId` has `status`. */
export function waitForStatus(server: ApiServer, token: string, runId: string, status: FlowRunStatus) {
  return waitForRun(server, token, runId, (run) => run.status === status);
}

/** The runs of a flow, straight from the table (any environment). */
export function runRowsOf(server: TestServer, flowId: string) {
  return server.server.context.store.db
    .selectFrom('flowRun')
    .selectAll()
    .where('flowId', '=', flowId)
    .orderBy('created')
    .execute();
}

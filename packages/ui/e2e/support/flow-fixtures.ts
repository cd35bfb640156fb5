/**
 * Flows and runs set up through the API for the flows and runs pages' tests (where they are not
 * the thing under test): a webhook flow with steps, published or not, fired through its webhook,
 * and a wait for a run's end.
 */
import {
  isTerminalRunStatus,
  type FlowOperation,
  type FlowRun,
  type PopulatedFlow,
  type Step,
  type StepRequest,
  type Trigger,
} from '@piecework/shared';
import { code, webhookTrigger } from '../../../server/src/testing/features/flow-test-kit';
import { chainOf } from '../../../server/src/testing/features/webhook-run-test-kit';
import type { SignedUpUser } from './api-session';

export { code } from '../../../server/src/testing/features/flow-test-kit';
export {
  addAfter,
  addInBranch,
  addInLoop,
  loopOver,
  routerAbove5,
  waitForApproval,
} from '../../../server/src/testing/features/webhook-run-test-kit';

/**
 * A flow of `user`'s project with the webhook trigger and code steps `step_1`..`step_<count>`
 * (each `return true;`), made through the API in one IMPORT_FLOW (a 300-step flow in one request).
 */
export async function flowWithSteps(
  user: SignedUpUser,
  displayName: string,
  count: number,
): Promise<PopulatedFlow> {
  const flow = await user.client.flows.create({ projectId: user.projectId, displayName });
  let head: Step | undefined;
  for (let n = count; n >= 1; n--) {
    head = { ...code(`step_${String(n)}`, 'return true;'), ...(head ? { nextAction: head } : {}) } as Step;
  }
  const trigger = { ...webhookTrigger(), ...(head ? { nextAction: head } : {}) } as Trigger;
  return user.client.flows.update(flow.id, { type: 'IMPORT_FLOW', request: { displayName, trigger } });
}

/** Options of {@link createWebhookFlow}. */
export interface WebhookFlowOptions {
  /** Steps after the trigger, one after another (default one code step answering a greeting). */
  steps?: StepRequest[];
  /** Operations applied after the steps are added (steps inside loops and branches...). */
  operations?: FlowOperation[];
  /** Publishes the flow (LOCK_AND_PUBLISH: enabled) when true. */
  publish?: boolean;
  folderId?: string;
}

/** A flow named `displayName` with a webhook trigger and `steps`, in `user`'s project. */
export async function createWebhookFlow(
  user: SignedUpUser,
  displayName: string,
  options: WebhookFlowOptions = {},
): Promise<PopulatedFlow> {
  const { client, projectId } = user;
  const created = await client.flows.create({ projectId, displayName, folderId: options.folderId ?? null });
  let flow = await client.flows.update(created.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  const steps = options.steps ?? [code('step_1', 'return { greeting: "hello" };')];
  for (const operation of [...chainOf(...steps), ...(options.operations ?? [])]) {
    flow = await client.flows.update(flow.id, operation);
  }
  if (options.publish === true) {
    flow = await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  }
  return flow;
}

/** Posts `body` to the published flow's webhook; answers the run id (the `x-webhook-id` header). */
export async function fireWebhook(url: string, flowId: string, body: unknown = {}): Promise<string> {
  const response = await fetch(`${url}/api/v1/webhooks/${flowId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const runId = response.headers.get('x-webhook-id');
  if (response.status !== 200 || runId === null) {
    throw new Error(`webhook answered ${String(response.status)}: ${await response.text()}`);
  }
  return runId;
}

/** The run once `done` holds (default: it is final), read every 100 ms for at most `timeoutMs`. */
export async function waitForRun(
  user: SignedUpUser,
  runId: string,
  done: (run: FlowRun) => boolean = (run) => isTerminalRunStatus(run.status),
  timeoutMs = 15_000,
): Promise<FlowRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await user.client.flowRuns.get(runId);
    if (done(run)) return run;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} is still ${run.status} after ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

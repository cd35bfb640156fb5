/**
 * Sub-flows through the server, over real HTTP on loopback: a parent flow's `callFlow` posts to
 * the child flow's webhook (headers `ap-parent-run-id`, `ap-fail-parent-on-failure`), the child's
 * run records its parent, and with "wait for response" the parent pauses until the child's
 * `returnResponse` posts to its callback URL, then goes on with the child's data; a failing child
 * fails its waiting parent. A parent run id of another project is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowOperation, StepRequest, TriggerRequest } from '@piecework/shared';
import { addAction, flowsApi } from '../testing/features/flow-test-kit';
import {
  buildFlow,
  callWebhook,
  code,
  jsonBody,
  returnResponse,
  runRowsOf,
  waitForApproval,
  waitForRun,
  waitForStatus,
} from '../testing/features/webhook-run-test-kit';
import { createPieceworkClient } from '@piecework/client';
import { freePort } from '../testing/server-process';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

const SUBFLOWS = { pieceName: '@activepieces/piece-subflows', pieceVersion: '0.6.3', propertySettings: {} };

const callableTrigger: TriggerRequest = {
  name: 'trigger',
  displayName: 'Callable Flow',
  type: 'PIECE_TRIGGER',
  valid: true,
  settings: {
    ...SUBFLOWS,
    triggerName: 'callableFlow',
    input: { mode: 'simple', exampleData: { sampleData: {} } },
  },
};

function callFlow(childExternalId: string, waitForResponse: boolean): StepRequest {
  return {
    name: 'step_1',
    displayName: 'Call Flow',
    type: 'PIECE',
    valid: true,
    settings: {
      ...SUBFLOWS,
      actionName: 'callFlow',
      input: {
        flowId: childExternalId,
        mode: 'simple',
        flowProps: { payload: { n: "{{trigger['output'].body.n}}" } },
        waitForResponse,
      },
    },
  };
}

const returnToCaller: StepRequest = {
  name: 'step_2',
  displayName: 'Return Response',
  type: 'PIECE',
  valid: true,
  settings: {
    ...SUBFLOWS,
    actionName: 'returnResponse',
    input: { mode: 'simple', response: { response: { doubled: "{{step_1['output'].doubled}}" } } },
  },
};

let server: TestServer;
let user: TestUser;

/** A published callable flow running `steps` after its Callable Flow trigger; answers its id. */
async function callableFlow(...steps: StepRequest[]): Promise<string> {
  const api = flowsApi(server, user.token);
  const flow = await api.createFlow(user.projectId!, 'Child');
  const operations: FlowOperation[] = [
    { type: 'UPDATE_TRIGGER', request: callableTrigger },
    ...steps.map((step, i) => addAction(step, i === 0 ? 'trigger' : steps[i - 1]!.name)),
    { type: 'LOCK_AND_PUBLISH', request: {} },
  ];
  await api.apply(flow.id, ...operations);
  return flow.id;
}

/** A published parent flow: webhook, call `childId`, answer the call's output. */
async function parentFlow(childId: string, waitForResponse: boolean): Promise<string> {
  const answer = returnResponse('step_3', { body: "{{step_1['output']}}" });
  const { flowId } = await buildFlow(server, user.token, user.projectId!, [
    addAction(callFlow(childId, waitForResponse)),
    addAction(answer, 'step_1'),
  ]);
  return flowId;
}

/** Polls `read` until it answers something (at most 20 s). */
async function waitUntil<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('nothing came within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  const port = await freePort();
  server = await startTestServer(
    { AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}`, AP_SSRF_ALLOW_LIST: '127.0.0.1' },
    { port, runs: { workerThreads: 2 } },
  );
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

describe('sub-flows through the server', () => {
  it("waits for the child's returnResponse and goes on with its data", async () => {
    const child = await callableFlow(
      code('step_1', 'return { doubled: inputs.n * 2 };', { n: "{{trigger['output'].data.n}}" }),
      returnToCaller,
    );
    const parent = await parentFlow(child, true);
    const answer = await callWebhook(server, parent, '/sync', jsonBody({ n: 21 }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'success', data: { doubled: 42 } });

    const [parentRun] = await runRowsOf(server, parent);
    const [childRun] = await runRowsOf(server, child);
    expect(await waitForRun(server, user.token, parentRun!.id)).toMatchObject({ status: 'SUCCEEDED' });
    expect(childRun).toMatchObject({ parentRunId: parentRun!.id, failParentOnFailure: 1 });
    const childApi = await waitForRun(server, user.token, childRun!.id);
    expect(childApi).toMatchObject({
      status: 'SUCCEEDED',
      parentRunId: parentRun!.id,
      failParentOnFailure: true,
    });
    expect(childApi.steps?.['trigger']).toMatchObject({ output: { data: { n: 21 } } });
  });

  it('without waiting, outputs the webhook answer and the child runs on its own', async () => {
    const child = await callableFlow(
      code('step_1', 'return { doubled: inputs.n * 2 };', { n: "{{trigger['output'].data.n}}" }),
      returnToCaller,
    );
    const parent = await parentFlow(child, false);
    const answer = await callWebhook(server, parent, '/sync', jsonBody({ n: 2 }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({});
    const [parentRun] = await runRowsOf(server, parent);
    const [childRun] = await runRowsOf(server, child);
    const finished = await waitForRun(server, user.token, childRun!.id);
    expect(finished).toMatchObject({
      status: 'SUCCEEDED',
      parentRunId: parentRun!.id,
      failParentOnFailure: false,
    });
    expect(finished.steps?.['step_2']).toMatchObject({ output: { doubled: 4 } });
  });

  it('fails the waiting parent when the child fails', async () => {
    const child = await callableFlow(code('step_1', "throw new Error('no stock');"));
    const parent = await parentFlow(child, true);
    const answer = await callWebhook(server, parent, '/sync', jsonBody({ n: 1 }));
    expect(answer.status).toBe(500);
    const [parentRun] = await runRowsOf(server, parent);
    const [childRun] = await runRowsOf(server, child);
    expect(childRun).toMatchObject({ status: 'FAILED', parentRunId: parentRun!.id, failParentOnFailure: 1 });
    const failed = await waitForRun(server, user.token, parentRun!.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failedStep).toMatchObject({ name: 'step_1' });
    expect(JSON.stringify(failed.steps?.['step_1'])).toContain('Subflow execution failed');
  });

  it('fails the waiting parent when the paused child is canceled', async () => {
    const child = await callableFlow(waitForApproval('step_1'));
    const parent = await parentFlow(child, true);
    await callWebhook(server, parent, '', jsonBody({ n: 1 }));
    const [parentRun] = await runRowsOf(server, parent);
    await waitForStatus(server, user.token, parentRun!.id, 'PAUSED');
    const childRun = await waitUntil(async () => (await runRowsOf(server, child))[0]);
    await waitForStatus(server, user.token, childRun.id, 'PAUSED');
    const api = createPieceworkClient({ baseUrl: server.url, token: user.token });
    await api.flowRuns.cancel({ projectId: user.projectId!, flowRunIds: [childRun.id] });
    const failed = await waitForRun(server, user.token, parentRun!.id, (run) => run.status === 'FAILED');
    expect(JSON.stringify(failed.steps?.['step_1'])).toContain('Subflow execution failed');
  });

  it('refuses a parent run id that names no run of the flow project, starting nothing', async () => {
    const child = await callableFlow(code('step_1', 'return 1;'));
    const stranger = await signUpTestUser(server);
    const { flowId: strangerFlow } = await buildFlow(server, stranger.token, stranger.projectId!, []);
    await callWebhook(server, strangerFlow, '/sync', jsonBody({}));
    const [strangerRun] = await runRowsOf(server, strangerFlow);
    for (const parentRunId of [strangerRun!.id, 'aaaaaaaaaaaaaaaaaaaaa', 'not an id']) {
      const answer = await callWebhook(server, child, '', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ap-parent-run-id': parentRunId },
        body: '{"data":{}}',
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: 'VALIDATION',
        params: { header: 'ap-parent-run-id' },
      });
    }
    expect(await runRowsOf(server, child)).toEqual([]);
  });
});

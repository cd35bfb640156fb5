/**
 * `POST /v1/flow-runs/cancel` stops RUNNING runs: the run ends CANCELED with the steps it
 * finished, its engine thread is stopped (code that never yields included), the answer names what
 * was canceled and reports runs that had ended as they are, and the pool goes on running others.
 */
import type { FlowRun } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFlow,
  callWebhook,
  chainOf,
  code,
  jsonBody,
  waitForRun,
} from '../testing/features/webhook-run-test-kit';
import { callApi } from '../testing/call-api';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({}, { runs: { workerThreads: 1 } });
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

async function cancel(flowRunIds: string[], projectId = user.projectId!): Promise<FlowRun[]> {
  const answer = await callApi<FlowRun[]>(server.apiUrl, 'POST', '/v1/flow-runs/cancel', {
    token: user.token,
    body: { projectId, flowRunIds },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function start(flowId: string): Promise<string> {
  const answer = await callWebhook(server, flowId, '', jsonBody({}));
  expect(answer.status).toBe(200);
  return answer.headers.get('x-webhook-id')!;
}

describe('cancel of running runs', () => {
  // Load-sensitive (the second run must find no free thread): retried when the suite crowds the cores.
  it(
    'stops a RUNNING run, keeps its finished steps, and reports an ended run as it is',
    { retry: 2 },
    async () => {
      const spinning = await buildFlow(
        server,
        user.token,
        user.projectId!,
        chainOf(code('step_1', 'return 1;'), code('spin', 'while (true) {}')),
      );
      const runId = await start(spinning.flowId);
      await waitForRun(server, user.token, runId, (run) => run.steps?.['step_1'] !== undefined);
      const waiting = await start(spinning.flowId); // no thread left for it: it waits its turn

      const answer = await cancel([runId, waiting]);
      expect(answer.map((run) => [run.id, run.status]).sort()).toEqual(
        [
          [runId, 'CANCELED'],
          [waiting, 'CANCELED'],
        ].sort(),
      );
      const canceled = await waitForRun(server, user.token, runId);
      expect(canceled.status).toBe('CANCELED');
      expect(canceled.finishTime).toEqual(expect.any(String));
      expect(canceled.steps?.['step_1']).toMatchObject({ status: 'SUCCEEDED', output: 1 });
      expect(canceled.steps?.['spin']).toBeUndefined();

      // The pool goes on: another run of the project finishes.
      const quick = await buildFlow(
        server,
        user.token,
        user.projectId!,
        chainOf(code('step_1', 'return 2;')),
      );
      const done = await waitForRun(server, user.token, await start(quick.flowId));
      expect(done.status).toBe('SUCCEEDED');

      // Canceling ended runs changes nothing and says how they ended.
      expect((await cancel([done.id, runId])).map((run) => [run.id, run.status])).toEqual([
        [done.id, 'SUCCEEDED'],
        [runId, 'CANCELED'],
      ]);
      expect((await waitForRun(server, user.token, done.id)).status).toBe('SUCCEEDED');
    },
  );

  it('leaves runs of another project alone', async () => {
    const other = await signUpTestUser(server);
    const spinning = await buildFlow(
      server,
      other.token,
      other.projectId!,
      chainOf(code('step_1', 'return 1;'), code('spin', 'while (true) {}')),
    );
    const runId = (await callWebhook(server, spinning.flowId, '', jsonBody({}))).headers.get('x-webhook-id')!;
    await waitForRun(server, other.token, runId, (run) => run.status === 'RUNNING');
    expect(await cancel([runId])).toEqual([]);
    expect((await server.server.context.runs.getRun(runId))?.status).toBe('RUNNING');
    // Its own project's admin can.
    const answer = await callApi<FlowRun[]>(server.apiUrl, 'POST', '/v1/flow-runs/cancel', {
      token: other.token,
      body: { projectId: other.projectId, flowRunIds: [runId] },
    });
    expect(answer.body.map((run) => run.status)).toEqual(['CANCELED']);
  });
});

/**
 * The `cluster` project's test servers are what they claim (`PIECEWORK_TEST_DB=CLUSTER` only): an
 * app that executes nothing and two workers on the app's release that run the flows, their log
 * lines tagged with the process that wrote them.
 */
import type { HealthResponse } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlow, callWebhook, chainOf, code, jsonBody, waitForRun } from './features/webhook-run-test-kit';
import { startTestServer, type TestServer } from './test-server';
import { testsRunOnCluster } from './test-store';
import { signUpTestUser } from './test-users';

describe.runIf(testsRunOnCluster())('an in-process test cluster', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('runs flows on its two workers, not on the app, and logs what each process did', async () => {
    const health = (await (await fetch(`${server.apiUrl}/v1/health`)).json()) as HealthResponse;
    expect(health.workers?.map((worker) => worker.acceptsJobs)).toEqual([true, true]);

    const user = await signUpTestUser(server);
    const flow = await buildFlow(server, user.token, user.projectId!, chainOf(code('step_1', 'return 1;')));
    const runIds = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const answer = await callWebhook(server, flow.flowId, '', jsonBody({}));
        return answer.headers.get('x-webhook-id')!;
      }),
    );
    for (const runId of runIds)
      expect((await waitForRun(server, user.token, runId)).status).toBe('SUCCEEDED');
    expect(server.server.context.runs.executedCount()).toBe(0);

    const processes = new Set(server.logs.map((line) => line['testProcess']));
    expect([...processes].sort()).toEqual(['app', 'worker-1', 'worker-2']);
    expect(server.logs.filter((line) => line['msg'] === 'This worker takes jobs')).toHaveLength(2);
  });
});

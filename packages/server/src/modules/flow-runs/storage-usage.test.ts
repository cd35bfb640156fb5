import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { buildFlow, code, addAfter } from '../../testing/features/webhook-run-test-kit';
import { callWebhook, jsonBody, waitForStatus } from '../../testing/features/webhook-run-test-kit';
import { insertBulkRuns } from '../../testing/features/retention-test-kit';
import { measureProjectStorage } from './storage-usage-service';
import { RUN_DATA_FILE_TYPES } from './storage-usage-repository';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let client: PieceworkClient;

beforeAll(async () => {
  server = await startTestServer({ AP_EXECUTION_DATA_RETENTION_DAYS: '7' });
  owner = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: owner.token });
});
afterAll(() => server.close());

/** The run data of `projectId` per flow, summed here in JavaScript from every row. */
async function directSums(projectId: string): Promise<Map<string, { runs: number; bytes: number }>> {
  const { db } = server.server.context.store;
  const sums = new Map<string, { runs: number; bytes: number }>();
  const add = (flowId: string, bytes: number, runs = 0) => {
    const flow = sums.get(flowId) ?? { runs: 0, bytes: 0 };
    sums.set(flowId, { runs: flow.runs + runs, bytes: flow.bytes + bytes });
  };
  const runs = await db.selectFrom('flowRun').selectAll().where('projectId', '=', projectId).execute();
  const flowOf = new Map(runs.map((run) => [run.id, run.flowId]));
  for (const run of runs) {
    add(
      run.flowId,
      (run.triggerPayload ?? '').length + (run.response ?? '').length + (run.failedStep ?? '').length,
      1,
    );
  }
  const steps = await db.selectFrom('flowRunStep').select(['runId', 'record']).execute();
  for (const step of steps) {
    const flowId = flowOf.get(step.runId);
    if (flowId !== undefined) add(flowId, step.record.length);
  }
  const files = await db.selectFrom('file').selectAll().where('projectId', '=', projectId).execute();
  for (const file of files) {
    if (file.flowId && (RUN_DATA_FILE_TYPES as readonly string[]).includes(file.type))
      add(file.flowId, file.data.length);
  }
  return sums;
}

describe('GET /v1/flow-runs/storage-usage', () => {
  it("answers a project's run data per flow, equal to a direct sum, with the retention setting", async () => {
    const projectId = owner.projectId!;
    const big = await buildFlow(server, owner.token, projectId, [
      addAfter(code('step_1', "return { big: 'z'.repeat(40000) };"), 'trigger'),
    ]);
    const small = await buildFlow(server, owner.token, projectId, [
      addAfter(code('step_1', 'return { n: 1 };'), 'trigger'),
    ]);
    for (const flowId of [big.flowId, small.flowId]) {
      const answer = await callWebhook(server, flowId, '', jsonBody({ hello: 'world' }));
      await waitForStatus(server, owner.token, answer.headers.get('x-webhook-id')!, 'SUCCEEDED');
    }
    await insertBulkRuns(
      server.server.context.store,
      { projectId, platformId: owner.platformId, flowId: small.flowId, flowVersionId: small.versionId },
      // More than one page of the sums' reads (500 runs).
      600,
      { created: new Date().toISOString(), payloadChars: 100 },
    );

    const usage = await client.flowRuns.storageUsage({ projectId });

    const expected = await directSums(projectId);
    expect(usage.retentionDays).toBe(7);
    expect(usage.runs).toBe(602);
    expect(new Map(usage.flows.map((flow) => [flow.flowId, { runs: flow.runs, bytes: flow.bytes }]))).toEqual(
      expected,
    );
    expect(usage.bytes).toBe([...expected.values()].reduce((sum, flow) => sum + flow.bytes, 0));
    const sizes = usage.flows.map((flow) => flow.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(usage.flows.find((flow) => flow.flowId === big.flowId)!.bytes).toBeGreaterThan(40_000);
    expect(await measureProjectStorage(server.server.context, projectId)).toMatchObject({
      runs: usage.runs,
      bytes: usage.bytes,
    });
  });

  it("refuses another platform's project and a missing project id", async () => {
    const strangers = createPieceworkClient({ baseUrl: server.url, token: stranger.token });
    const refused = await strangers.flowRuns
      .storageUsage({ projectId: owner.projectId! })
      .catch((e: unknown) => e);
    expect(isApiError(refused)).toBe(true);
    expect([403, 404]).toContain((refused as { status: number }).status);

    const missing = await callApi(server.apiUrl, 'GET', '/v1/flow-runs/storage-usage', {
      token: owner.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION' });
  });
});

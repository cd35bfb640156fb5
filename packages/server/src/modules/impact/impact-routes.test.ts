import type { ImpactReport } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../testing/call-api';
import {
  buildFlow,
  callWebhook,
  code,
  chainOf,
  jsonBody,
  runRowsOf,
  waitForStatus,
} from '../../testing/features/webhook-run-test-kit';
import { flowsApi } from '../../testing/features/flow-test-kit';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { bucketLowerBoundMs, bucketUpperBoundMs, durationBucketOf } from './duration-buckets';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let member: TestUser;
let mixedFlowId: string;
let steadyFlowId: string;
let strangerFlowId: string;

const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const range = {
  from: new Date(Date.now() - DAY_MS).toISOString().slice(0, 10),
  to: new Date(Date.now() + DAY_MS).toISOString().slice(0, 10),
};

/** A flow whose step `check` fails on every n divisible by 3, then `after` (never reached then). */
const failOnThirds = chainOf(
  code('check', 'if (Number(inputs.n) % 3 === 0) { throw new Error("third"); } return inputs.n;', {
    n: "{{trigger['output'].body.n}}",
  }),
  code('after', 'return 1;'),
);

/** Starts `count` production runs of `flowId` and waits until each has ended. */
async function runFlow(flowId: string, count: number): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, n) => callWebhook(server, flowId, '', jsonBody({ n: n + 1 }))),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  await vi.waitFor(
    async () => {
      if ((await endedRuns(flowId)).length !== count) throw new Error(`runs of ${flowId} not ended yet`);
    },
    { timeout: 30_000, interval: 25 },
  );
}

function endedRuns(flowId: string) {
  return server.server.context.store.db
    .selectFrom('flowRun')
    .selectAll()
    .where('flowId', '=', flowId)
    .where('environment', '=', 'PRODUCTION')
    .where('status', 'not in', ['QUEUED', 'RUNNING', 'PAUSED'])
    .execute();
}

function impactOf(user: TestUser, path: string, query: Record<string, string> = range) {
  return callApi<ImpactReport>(server.apiUrl, 'GET', path, { token: user.token, query });
}

/** The exact nearest-rank percentile of `values`. */
function exactPercentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1]!;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
  member = await addTestUser(server, owner.platformId, 'MEMBER', [
    { projectId: owner.projectId!, role: 'Viewer' },
  ]);
  mixedFlowId = (await buildFlow(server, owner.token, owner.projectId!, failOnThirds)).flowId;
  steadyFlowId = (await buildFlow(server, owner.token, owner.projectId!, chainOf(code('only', 'return 2;'))))
    .flowId;
  strangerFlowId = (await buildFlow(server, stranger.token, stranger.projectId!, failOnThirds)).flowId;
  await flowsApi(server, owner.token).apply(mixedFlowId, {
    type: 'UPDATE_MINUTES_SAVED',
    request: { timeSavedPerRun: 4 },
  });
  await runFlow(mixedFlowId, 9);
  await runFlow(steadyFlowId, 4);
  await runFlow(strangerFlowId, 5);
  // A test run of the draft is not a production run: it never counts.
  expect((await callWebhook(server, steadyFlowId, '/draft/sync', jsonBody({}))).status).toBe(204);
  await vi.waitFor(async () => {
    const testRuns = await runRowsOf(server, steadyFlowId);
    if (!testRuns.some((run) => run.environment === 'TESTING' && run.finishTime !== null)) {
      throw new Error('the test run has not ended yet');
    }
  });
  // A failed run retried counts once, with its last end.
  const [failed] = (await endedRuns(mixedFlowId)).filter((run) => run.status === 'FAILED');
  const retried = await callApi(server.apiUrl, 'POST', `/v1/flow-runs/${failed!.id}/retry`, {
    token: owner.token,
    body: { projectId: owner.projectId, strategy: 'FROM_FAILED_STEP' },
  });
  expect(retried.status).toBe(200);
  await waitForStatus(server, owner.token, failed!.id, 'FAILED');
}, 120_000);
afterAll(() => server.close());

describe('Impact figures', () => {
  it("equal a direct count over the project's production runs", async () => {
    const answer = await impactOf(owner, `/v1/projects/${owner.projectId}/impact`);
    expect(answer.status).toBe(200);
    const report = answer.body;
    const runs = [...(await endedRuns(mixedFlowId)), ...(await endedRuns(steadyFlowId))];
    expect(runs).toHaveLength(13);

    const byDay: Record<string, Record<string, number>> = {};
    for (const run of runs) {
      const day = run.finishTime!.slice(0, 10);
      (byDay[day] ??= {})[run.status] = (byDay[day]![run.status] ?? 0) + 1;
    }
    expect(report.days.map((day) => day.day)).toHaveLength(3);
    for (const day of report.days) {
      expect(day.byStatus).toEqual(byDay[day.day] ?? {});
      expect(day.total).toBe(Object.values(byDay[day.day] ?? {}).reduce((a, b) => a + b, 0));
    }

    for (const flowId of [mixedFlowId, steadyFlowId]) {
      const flowRuns = runs.filter((run) => run.flowId === flowId);
      const succeeded = flowRuns.filter((run) => run.status === 'SUCCEEDED').length;
      const flow = report.flows.find((entry) => entry.flowId === flowId)!;
      expect(flow).toMatchObject({
        displayName: 'Webhook flow',
        runs: flowRuns.length,
        succeeded,
        successRate: succeeded / flowRuns.length,
        minutesSaved: (flowId === mixedFlowId ? 4 : 0) * succeeded,
      });
      const durations = flowRuns.map((run) => Date.parse(run.finishTime!) - Date.parse(run.startTime!));
      for (const [fraction, figure] of [
        [0.5, flow.p50DurationMs],
        [0.95, flow.p95DurationMs],
      ] as const) {
        const exact = exactPercentile(durations, fraction);
        const bucket = durationBucketOf(exact);
        expect(Math.abs(figure! - exact)).toBeLessThanOrEqual(
          bucketUpperBoundMs(bucket) - bucketLowerBoundMs(bucket),
        );
      }
    }
    const mixedSucceeded = runs.filter(
      (run) => run.flowId === mixedFlowId && run.status === 'SUCCEEDED',
    ).length;
    expect(mixedSucceeded).toBe(6);
    expect(report.totals).toEqual({
      runs: 13,
      succeeded: 10,
      successRate: 10 / 13,
      minutesSaved: 4 * mixedSucceeded,
    });
    const failures = runs.filter((run) => run.failedStep !== null);
    expect(report.failingSteps).toEqual([
      {
        flowId: mixedFlowId,
        flowDisplayName: 'Webhook flow',
        stepName: 'check',
        stepDisplayName: 'Code check',
        failures: failures.length,
      },
    ]);
    expect(failures).toHaveLength(3);
  });

  it("never count another platform's runs, and refuse its project", async () => {
    const mine = await impactOf(owner, '/v1/platform-impact');
    expect(mine.status).toBe(200);
    expect(mine.body.flows.map((flow) => flow.flowId).sort()).toEqual([mixedFlowId, steadyFlowId].sort());
    expect(mine.body.totals.runs).toBe(13);
    const theirs = await impactOf(stranger, '/v1/platform-impact');
    expect(theirs.body.flows.map((flow) => flow.flowId)).toEqual([strangerFlowId]);
    expect(theirs.body.totals.runs).toBe(5);
    expect(theirs.body.days.find((day) => day.day === today)?.total).toBe(5);

    const crossed = await impactOf(stranger, `/v1/projects/${owner.projectId}/impact`);
    expect([403, 404]).toContain(crossed.status);
    expect(JSON.stringify(crossed.body)).not.toContain(mixedFlowId);
  });

  it("lets a project viewer read the project's figures but not the platform's", async () => {
    expect((await impactOf(member, `/v1/projects/${owner.projectId}/impact`)).body.totals.runs).toBe(13);
    const platform = await impactOf(member, '/v1/platform-impact');
    expect(platform.status).toBe(403);
    expect(platform.body).toMatchObject({ code: expect.any(String), params: expect.any(Object) });
  });

  it('refuses bad ranges with a VALIDATION error saying why', async () => {
    const path = `/v1/projects/${owner.projectId}/impact`;
    const backwards = await impactOf(owner, path, { from: '2026-03-02', to: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'VALIDATION', params: { reason: 'FROM_AFTER_TO' } });
    const long = await impactOf(owner, path, { from: '2024-01-01', to: '2026-01-01' });
    expect(long.body).toMatchObject({
      code: 'VALIDATION',
      params: { reason: 'RANGE_TOO_LONG', maxDays: 366 },
    });
    const notADay = await impactOf(owner, path, { from: '2026-02-30', to: '2026-03-01' });
    expect(notADay.body).toMatchObject({ code: 'VALIDATION', params: { reason: 'INVALID_DAY' } });
    const garbled = await impactOf(owner, path, { from: 'yesterday', to: '2026-03-01' });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({ code: 'VALIDATION' });
  });
});

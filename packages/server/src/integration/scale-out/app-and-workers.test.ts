/**
 * Scale-out end to end: an app process and two worker processes on PostgreSQL and BullMQ (Redis).
 * Sync webhooks are answered by the app whichever worker ran the run; paused runs resume on any
 * worker; a cancel stops a run on the worker executing it; a project's concurrency limit holds
 * across both workers while a quiet project is served; the app's health lists its workers.
 */
import type { FlowRun } from '@piecework/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pieceAction } from '../../testing/features/run-runtime-test-kit';
import { callApi } from '../../testing/call-api';
import { startScaleOutCluster, type ScaleOutCluster } from '../../testing/scale-out-cluster';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  buildFlow,
  callWebhook,
  chainOf,
  code,
  jsonBody,
  returnResponse,
  waitForRun,
  waitForStatus,
  waitForApproval,
} from '../../testing/features/webhook-run-test-kit';

let cluster: ScaleOutCluster;
let user: TestUser;
beforeAll(async () => {
  cluster = await startScaleOutCluster({ workers: 2 });
  user = await signUpTestUser(cluster);
}, 60_000);
afterAll(async () => {
  await cluster?.close();
});

/** A code step that computes for `rounds` loop rounds (the sandbox's clock stands still inside a step). */
function busy(name: string, rounds: number) {
  return code(name, `let x = 0; for (let i = 0; i < ${String(rounds)}; i++) x = (x + i) % 7; return { x };`);
}

describe('scale-out: app + 2 workers on PostgreSQL and BullMQ', () => {
  it('lists both workers, on the app release, in the app health', async () => {
    const health = await cluster.health(
      (answer) => (answer.workers ?? []).filter((worker) => worker.acceptsJobs).length === 2,
    );
    expect(health.workers).toHaveLength(2);
    for (const worker of health.workers ?? []) {
      expect(worker).toMatchObject({ release: health.release, acceptsJobs: true });
    }
  });

  it('answers sync webhooks from the app with the flow response, whichever worker ran them', async () => {
    const flow = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(
        code('step_1', 'return { doubled: inputs.n * 2 };', { n: "{{trigger['output'].body.n}}" }),
        returnResponse('step_2', { status: 201, body: { doubled: "{{step_1['output'].doubled}}" } }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => callWebhook(cluster, flow.flowId, '/sync', jsonBody({ n }))),
    );
    for (const [n, answer] of answers.entries()) {
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ doubled: n * 2 });
    }
  });

  it('resumes a delayed run and an approval on any worker', { timeout: 45_000 }, async () => {
    const delayed = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(
        // Over 10 s: the run pauses on a DELAY waitpoint (shorter delays wait inside the step).
        pieceAction('step_1', '@activepieces/piece-delay', 'delayFor', { delayFor: 11, unit: 'seconds' }),
        code('step_2', 'return { after: true };'),
      ),
    );
    const delayedId = (await callWebhook(cluster, delayed.flowId, '', jsonBody({}))).headers.get(
      'x-webhook-id',
    )!;
    await waitForStatus(cluster, user.token, delayedId, 'PAUSED');
    const resumed = await waitForRun(cluster, user.token, delayedId, (run) => run.status === 'SUCCEEDED');
    expect(resumed.steps?.['step_2']?.output).toEqual({ after: true });

    const approval = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(waitForApproval('step_1'), code('step_2', 'return { approved: true };')),
    );
    const approvalId = (await callWebhook(cluster, approval.flowId, '', jsonBody({}))).headers.get(
      'x-webhook-id',
    )!;
    const paused = await waitForStatus(cluster, user.token, approvalId, 'PAUSED');
    // The worker that paused it built the link from the app's URL.
    const link = (paused.steps?.['step_1']?.output as { approvalLink?: string } | undefined)?.approvalLink;
    expect(link?.startsWith(`${cluster.apiUrl}/v1/flow-runs/${approvalId}/requests/`)).toBe(true);
    expect((await fetch(link!)).status).toBe(200);
    await waitForStatus(cluster, user.token, approvalId, 'SUCCEEDED');
  });

  it('stops a run executing on a worker when the app is asked to cancel it', async () => {
    const endless = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(code('step_1', 'while (true) {}')),
    );
    const runId = (await callWebhook(cluster, endless.flowId, '', jsonBody({}))).headers.get('x-webhook-id')!;
    await waitForStatus(cluster, user.token, runId, 'RUNNING');
    const started = Date.now();
    const canceled = await callApi<FlowRun[]>(cluster.apiUrl, 'POST', '/v1/flow-runs/cancel', {
      token: user.token,
      body: { projectId: user.projectId, flowRunIds: [runId] },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.map((run) => run.status)).toEqual(['CANCELED']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("holds a project's limit of 2 across both workers, and serves a quiet project meanwhile", async () => {
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      await db.query('update project set "maxConcurrentJobs" = 2 where id = $1', [user.projectId]);
      const slow = await buildFlow(cluster, user.token, user.projectId!, chainOf(busy('step_1', 3_000_000)));
      const quietUser = await signUpTestUser(cluster);
      const quick = await buildFlow(
        cluster,
        quietUser.token,
        quietUser.projectId!,
        chainOf(returnResponse('step_1', { status: 200, body: { ok: true } })),
      );
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) {
        ids.push((await callWebhook(cluster, slow.flowId, '', jsonBody({}))).headers.get('x-webhook-id')!);
      }
      let most = 0;
      const sampling = (async () => {
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          const { rows } = await db.query<{ running: string; left: string }>(
            `select count(*) filter (where status = 'RUNNING') as running,
                    count(*) filter (where status in ('QUEUED', 'RUNNING')) as left
             from "flowRun" where "projectId" = $1`,
            [user.projectId],
          );
          most = Math.max(most, Number(rows[0]!.running));
          if (Number(rows[0]!.left) === 0) return;
          await new Promise((done) => setTimeout(done, 15));
        }
      })();
      await new Promise((done) => setTimeout(done, 200));
      const quietAnswer = await callWebhook(cluster, quick.flowId, '/sync', jsonBody({}));
      expect(quietAnswer.status).toBe(200);
      const quietRunId = quietAnswer.headers.get('x-webhook-id')!;
      const quietRun = await waitForStatus(cluster, quietUser.token, quietRunId, 'SUCCEEDED');
      await sampling;
      for (const id of ids) await waitForStatus(cluster, user.token, id, 'SUCCEEDED');
      expect(most).toBeLessThanOrEqual(2);
      expect(most).toBe(2);
      // The quiet project's run did not wait in the queue for the busy project's eight (~1.2 s of
      // work at 2 at a time): a worker took it up at once. (Timed from its acknowledgement to its
      // start, not to its answer: a worker may first have to start an engine thread, cold, beside
      // two busy runs on 2 cores — 1.5 s and more, measured, and no matter of the queue.)
      expect(Date.parse(quietRun.startTime!) - Date.parse(quietRun.created)).toBeLessThan(1_000);
    } finally {
      await db.end();
    }
  }, 60_000);
});

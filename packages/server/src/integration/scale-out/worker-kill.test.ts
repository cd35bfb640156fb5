/**
 * Crash safety in scale-out: while webhooks pour into the app, a worker process is killed with
 * SIGKILL at random moments (several rounds, each followed by a fresh worker). Every acknowledged
 * run then reaches SUCCEEDED, taken up by another worker from its saved steps: no step is
 * recorded twice and nothing stays QUEUED or RUNNING.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFlow, chainOf } from '../../testing/features/webhook-run-test-kit';
import { busyStep, expectEachStepOnce, pourWebhooks } from '../../testing/features/crash-test-kit';
import { startScaleOutCluster, type ScaleOutCluster } from '../../testing/scale-out-cluster';
import { signUpTestUser } from '../../testing/test-users';

const STEPS = 6;
const ROUNDS = 4;
let cluster: ScaleOutCluster | undefined;
afterAll(async () => {
  await cluster?.close();
});

describe('scale-out crash safety', () => {
  it('loses no acknowledged run and runs no step twice across kill -9 of workers', async () => {
    // Short leases: a killed worker's runs are taken up 2 s after its last heartbeat.
    cluster = await startScaleOutCluster({ workers: 2, env: { AP_WORKER_LEASE_SECONDS: '2' } });
    const user = await signUpTestUser(cluster);
    const flow = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(...Array.from({ length: STEPS }, (_, index) => busyStep(index + 1))),
    );
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Paced (2 senders, 50 ms apart) so that the backlog fits a 2-core machine.
      const pour = pourWebhooks(cluster.apiUrl, flow.flowId, { senders: 2, pauseMs: 50 });
      await new Promise((done) => setTimeout(done, 200 + Math.random() * 600));
      await cluster.workers[round % 2]!.kill('SIGKILL');
      await pour.stop();
      acknowledged.push(...pour.acknowledged);
      await cluster.restartWorker(round % 2);
    }
    expect(acknowledged.length).toBeGreaterThan(ROUNDS);

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const deadline = Date.now() + 60_000;
      let unfinished: string[] = [];
      do {
        const { rows } = await db.query<{ id: string }>(
          `select id from "flowRun" where status in ('QUEUED', 'RUNNING')`,
        );
        unfinished = rows.map((row) => row.id);
        if (unfinished.length > 0) await new Promise((done) => setTimeout(done, 250));
      } while (unfinished.length > 0 && Date.now() < deadline);
      expect(unfinished).toEqual([]);

      const { rows: runs } = await db.query<{ id: string; status: string }>(
        'select id, status from "flowRun"',
      );
      const byId = new Map(runs.map((run) => [run.id, run.status]));
      for (const id of acknowledged) expect(byId.get(id), `run ${id}`).toBe('SUCCEEDED');
      const { rows: steps } = await db.query<{ runId: string; stepName: string }>(
        'select "runId", "stepName" from "flowRunStep" where "runId" = any($1)',
        [acknowledged],
      );
      expectEachStepOnce(steps, acknowledged, STEPS);
      const { rows: jobs } = await db.query('select id from job');
      expect(jobs).toEqual([]);
    } finally {
      await db.end();
    }
  }, 180_000);
});

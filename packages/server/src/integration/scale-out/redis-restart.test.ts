/**
 * A Redis restart mid-load loses no acknowledged run: the cluster runs on a redis-server of its
 * own (its own port, nothing kept on disk), which the test stops and starts again while webhooks
 * pour in. Jobs Redis forgot are queued again from PostgreSQL, the truth, by the reconciler, and
 * the app records its release again for the workers; every acknowledged run ends SUCCEEDED.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFlow, chainOf, code } from '../../testing/features/webhook-run-test-kit';
import { pourWebhooks } from '../../testing/features/crash-test-kit';
import { freePort } from '../../testing/server-process';
import { startScaleOutCluster, type ScaleOutCluster } from '../../testing/scale-out-cluster';
import { signUpTestUser } from '../../testing/test-users';

let cluster: ScaleOutCluster | undefined;
let redis: ChildProcess | undefined;
afterAll(async () => {
  await cluster?.close();
  await stopRedis();
});

/** Starts redis-server on `port` (no persistence) and waits until it answers PING. */
async function startRedis(port: number): Promise<void> {
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ping = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    ping.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((done) => ping.once('exit', done));
    if (out.trim() === 'PONG') return;
    if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${String(port)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function stopRedis(): Promise<void> {
  const running = redis;
  redis = undefined;
  if (running === undefined || running.exitCode !== null) return;
  running.kill('SIGKILL');
  await new Promise((done) => running.once('exit', done));
}

describe('Redis restart under load', () => {
  it('loses no acknowledged run when Redis stops and comes back empty', async () => {
    const port = await freePort();
    await startRedis(port);
    cluster = await startScaleOutCluster({ workers: 2, redisUrl: `redis://127.0.0.1:${String(port)}` });
    const user = await signUpTestUser(cluster);
    const flow = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(code('step_1', 'let x = 0; for (let i = 0; i < 20000; i++) x += i % 3; return { x };')),
    );
    // Paced (2 senders, 50 ms apart) so that the backlog fits a 2-core machine.
    const pour = pourWebhooks(cluster.apiUrl, flow.flowId, { senders: 2, pauseMs: 50 });
    const { acknowledged } = pour;
    await new Promise((done) => setTimeout(done, 800));
    await stopRedis();
    const whileDown = acknowledged.length;
    await new Promise((done) => setTimeout(done, 1_000));
    await startRedis(port);
    await new Promise((done) => setTimeout(done, 1_500));
    await pour.stop();
    expect(acknowledged.length).toBeGreaterThan(whileDown);

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const deadline = Date.now() + 60_000;
      let unfinished = 0;
      do {
        const { rows } = await db.query<{ count: string }>(
          `select count(*) as count from "flowRun" where status in ('QUEUED', 'RUNNING')`,
        );
        unfinished = Number(rows[0]!.count);
        if (unfinished > 0) await new Promise((done) => setTimeout(done, 250));
      } while (unfinished > 0 && Date.now() < deadline);
      const { rows } = await db.query<{ id: string; status: string }>(
        'select id, status from "flowRun" where id = any($1)',
        [acknowledged],
      );
      expect(rows).toHaveLength(acknowledged.length);
      expect(rows.filter((row) => row.status !== 'SUCCEEDED').map((row) => row.status)).toEqual([]);
    } finally {
      await db.end();
    }
  }, 120_000);
});

/**
 * Crash safety: the server process is killed with SIGKILL at random moments while webhooks pour
 * in; after each restart every acknowledged run reaches a terminal state, no step is recorded
 * twice, and nothing stays QUEUED or RUNNING. In the `cluster` project the server is an app + 2
 * worker processes on PostgreSQL and Redis (`scale-out-cluster.ts`) and the app is what is killed:
 * a webhook it acknowledged has its run and job committed, and must run even when the app died
 * before handing the job to Redis. (Killed workers: `scale-out/worker-kill.test.ts`.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import { webhookTrigger } from '../testing/features/flow-test-kit';
import { parseConfig } from '@piecework/shared';
import { openStore } from '../infrastructure/storage/open-store';
import { busyStep, expectEachStepOnce, pourWebhooks } from '../testing/features/crash-test-kit';
import { startScaleOutCluster, type ScaleOutCluster } from '../testing/scale-out-cluster';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process';
import { createTestServerDatabase, testsRunOnCluster, type TestServerDatabase } from '../testing/test-store';

const STEPS = 6;
const ROUNDS = 4;
const dataDir = mkdtempSync(join(tmpdir(), 'piecework-crash-'));
let current: ServerProcess | undefined;
let database: TestServerDatabase | undefined;
let cluster: ScaleOutCluster | undefined;
afterAll(async () => {
  await current?.kill('SIGTERM');
  await cluster?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function buildFlow(client: PieceworkClient, projectId: string): Promise<string> {
  const flow = await client.flows.create({ displayName: 'Crash me', projectId });
  await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  for (let index = 1; index <= STEPS; index++) {
    await client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: { parentStep: index === 1 ? 'trigger' : `step_${String(index - 1)}`, action: busyStep(index) },
    });
  }
  await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return flow.id;
}

describe('crash safety', () => {
  it('loses no acknowledged run across kill -9 at random moments', async () => {
    let env: Record<string, string>;
    let restart: () => Promise<ServerProcess>;
    if (testsRunOnCluster()) {
      const started = await startScaleOutCluster();
      cluster = started;
      env = started.env;
      current = started.app;
      restart = () => started.restartApp();
    } else {
      const port = await freePort();
      database = await createTestServerDatabase();
      env = database.env;
      current = await startServerProcess(dataDir, port, env);
      restart = () => startServerProcess(dataDir, port, env);
    }
    const anonymous = createPieceworkClient({ baseUrl: current.url });
    const session = await anonymous.authentication.signUp({
      email: 'crash@example.com',
      password: 'a long crash password',
      firstName: 'Crash',
      lastName: 'Test',
    });
    const client = anonymous.withToken(session.token);
    const flowId = await buildFlow(client, session.projectId ?? '');
    const acknowledged: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const pour = pourWebhooks(current.apiUrl, flowId, { senders: 4 });
      await new Promise((done) => setTimeout(done, 150 + Math.random() * 500));
      await current.kill('SIGKILL');
      await pour.stop();
      acknowledged.push(...pour.acknowledged);
      current = await restart();
    }
    expect(acknowledged.length).toBeGreaterThan(ROUNDS);

    const deadline = Date.now() + 60_000;
    const pending = new Set(acknowledged);
    while (pending.size > 0 && Date.now() < deadline) {
      for (const id of [...pending]) {
        const run = await client.flowRuns.get(id);
        if (!['QUEUED', 'RUNNING', 'PAUSED'].includes(run.status)) pending.delete(id);
      }
      if (pending.size > 0) await new Promise((done) => setTimeout(done, 200));
    }
    expect([...pending]).toEqual([]);
    if (cluster !== undefined) {
      // A run committed but not acknowledged when the app died has no BullMQ job until the
      // reconciler adds it (once 5 s old, every 5 s; a restart takes it up at once in one process).
      const live = await openStore({ config: parseConfig(env), databaseFile: join(dataDir, 'piecework.db') });
      const unfinished = () =>
        live.db.selectFrom('flowRun').select('id').where('status', 'in', ['QUEUED', 'RUNNING']).execute();
      try {
        await expect.poll(unfinished, { timeout: 30_000, interval: 250 }).toEqual([]);
      } finally {
        await live.close();
      }
    }
    await current.kill('SIGTERM');
    current = undefined;

    const store = await openStore({ config: parseConfig(env), databaseFile: join(dataDir, 'piecework.db') });
    const { db } = store;
    try {
      const runs = await db.selectFrom('flowRun').select(['id', 'status', 'stepsCount']).execute();
      const byId = new Map(runs.map((run) => [run.id, run]));
      for (const id of acknowledged) {
        expect(byId.get(id)?.status, `run ${id}`).toBe('SUCCEEDED');
      }
      expect(runs.filter((run) => ['QUEUED', 'RUNNING'].includes(run.status))).toEqual([]);
      const steps = await db
        .selectFrom('flowRunStep')
        .select(['runId', 'stepName'])
        .where('runId', 'in', acknowledged)
        .execute();
      expectEachStepOnce(steps, acknowledged, STEPS);
      expect(await db.selectFrom('job').select('id').execute()).toEqual([]);
    } finally {
      await store.close();
    }
  }, 180_000);
});

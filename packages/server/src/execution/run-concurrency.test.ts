import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTerminalRunStatus, type FlowRun, type FlowRunStatus, type PopulatedFlow } from '@piecework/shared';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDatabaseType, testsRunOnCluster } from '../testing/test-store';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { returnResponse } from '../testing/features/flow-test-kit';
import { chain, code, newRun, publishedFlow, waitForRun } from '../testing/features/run-runtime-test-kit';

const busy = (ms: number) =>
  code('step_1', `const end = Date.now() + ${String(ms)}; while (Date.now() < end) {} return 1;`);

/**
 * Waits until every run of `runIds` ended and answers them, failing once `stallMs` passed without
 * one of them ending: how long the whole batch takes depends on the machine (on a crowded one the
 * first runs wait seconds for engine threads to load), a batch that stops moving does not.
 */
async function waitForAllRuns(
  server: TestServer,
  runIds: readonly string[],
  stallMs = 15_000,
): Promise<FlowRun[]> {
  let ended = 0;
  let stallDeadline = Date.now() + stallMs;
  for (;;) {
    const rows = await server.server.context.store.db
      .selectFrom('flowRun')
      .select(['id', 'status'])
      .where('id', 'in', [...runIds])
      .execute();
    const endedNow = rows.filter((row) => isTerminalRunStatus(row.status as FlowRunStatus)).length;
    if (endedNow === runIds.length) break;
    if (endedNow > ended) {
      ended = endedNow;
      stallDeadline = Date.now() + stallMs;
    } else if (Date.now() > stallDeadline) {
      throw new Error(
        `${String(runIds.length - endedNow)} runs did not end, none ended for ${String(stallMs)} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Promise.all(runIds.map(async (id) => (await server.server.context.runs.getRun(id))!));
}

describe('per-project limits', () => {
  let server: TestServer;
  const users: TestUser[] = [];
  const flows: PopulatedFlow[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      { AP_WORKER_CONCURRENCY: '8', AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '2' },
      // An engine thread started before the runs, as a server does by default: on a cluster, cold
      // threads of both workers starting at once on 2 cores took 6-7 s before a first run ended.
      { runs: { workerThreads: 3, prestart: true } },
    );
    for (let i = 0; i < 3; i++) {
      const user = await signUpTestUser(server);
      users.push(user);
      flows.push(await publishedFlow(server, user, chain([busy(40)])));
    }
    // Starting a cluster (three servers, an engine thread loading in each worker) and three users
    // took 8-12 s with both cores busy, past vitest's default 10 s for a hook.
  }, 60_000);
  // Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
  afterAll(() => server.close(), 60_000);

  it('never runs more than the limit of a project at once, and every project gets its share', async () => {
    const { context } = server.server;
    await context.store.write((trx) =>
      trx
        .updateTable('project')
        .set({ maxConcurrentJobs: 1 })
        .where('id', '=', users[2]!.projectId!)
        .execute(),
    );
    const peaks = new Map<string, number>();
    let together = 0;
    // One sample at a time, each a snapshot of the running jobs: samples never pile up on the
    // server's connections when queries are slow.
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const rows = await context.store.db
          .selectFrom('job')
          .select(['projectId', (eb) => eb.fn.countAll<number>().as('running')])
          .where('status', '=', 'RUNNING')
          .groupBy('projectId')
          .execute();
        for (const row of rows)
          peaks.set(row.projectId, Math.max(peaks.get(row.projectId) ?? 0, Number(row.running)));
        if (rows.length === 3) together++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    let done: FlowRun[];
    try {
      const created = await Promise.all(
        Array.from({ length: 30 }, (_, i) => context.runs.createRun(newRun(flows[i % 3]!, users[i % 3]!))),
      );
      done = await waitForAllRuns(
        server,
        created.map(({ run }) => run.id),
      );
    } finally {
      // Also when a run is late: the sampler must not outlive the server's database.
      sampling = false;
      await sampler;
    }
    expect(done.every((run) => run.status === 'SUCCEEDED')).toBe(true);
    expect(peaks.get(users[0]!.projectId!)).toBe(2);
    expect(peaks.get(users[1]!.projectId!)).toBe(2);
    expect(peaks.get(users[2]!.projectId!)).toBe(1);
    expect(together).toBeGreaterThan(0);
  });
});

// Not on a cluster: BullMQ hands out jobs first come, first served (docs/scale-out.md, Not done yet).
describe.skipIf(testsRunOnCluster())('fairness', () => {
  let server: TestServer;
  let busyUser: TestUser;
  let otherUser: TestUser;

  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    server = await startTestServer(
      { AP_WORKER_CONCURRENCY: '1', AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '5' },
      { runs: { workerThreads: 1 } },
    );
    busyUser = await signUpTestUser(server);
    otherUser = await signUpTestUser(server);
  }, 60_000);
  // Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
  afterAll(() => server.close(), 60_000);

  it('a project with many waiting runs does not starve one that queues later', async () => {
    const { runs } = server.server.context;
    const busyFlow = await publishedFlow(server, busyUser, chain([busy(30)]));
    const otherFlow = await publishedFlow(server, otherUser, chain([busy(30)]));
    const backlog = await Promise.all(
      Array.from({ length: 20 }, () => runs.createRun(newRun(busyFlow, busyUser))),
    );
    const late = await runs.createRun(newRun(otherFlow, otherUser));
    const lateDone = await waitForRun(server, late.run.id);
    const backlogDone = await Promise.all(backlog.map(({ run }) => waitForRun(server, run.id)));
    const finishedBefore = backlogDone.filter((run) => run.finishTime! < lateDone.finishTime!).length;
    // One run at a time: the late project's run goes right after the one running when it came.
    expect(finishedBefore).toBeLessThanOrEqual(2);
  });
});

describe('a run that answered its caller', () => {
  let server: TestServer;
  let user: TestUser;

  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    server = await startTestServer(
      { AP_WORKER_CONCURRENCY: '1', AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '1' },
      { runs: { workerThreads: 1 } },
    );
    user = await signUpTestUser(server);
  }, 60_000);
  // Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
  afterAll(() => server.close(), 60_000);

  // Not on PostgreSQL yet: the slot is freed in memory once the run's end is committed, and a PG
  // commit (a network round trip) takes longer than the caller's next request to arrive.
  const itOnSqlite = it.skipIf(testDatabaseType() === 'POSTGRES');
  itOnSqlite(
    'frees its slot at once when it is the last one: the caller’s next request starts without queueing',
    async () => {
      const flow = await publishedFlow(
        server,
        user,
        chain([returnResponse('step_1', { status: 200, body: { ok: true } })]),
      );
      const runIds: string[] = [];
      for (let i = 0; i < 10; i++) {
        const answer = await fetch(`${server.apiUrl}/v1/webhooks/${flow.id}/sync`, { method: 'POST' });
        expect(answer.status).toBe(200);
        runIds.push(answer.headers.get('x-webhook-id')!);
      }
      const runs = await Promise.all(runIds.map((id) => waitForRun(server, id)));
      expect(runs.every((run) => run.status === 'SUCCEEDED')).toBe(true);
      // Claimed in the transaction that created it: started the instant it was created.
      expect(runs.map((run) => run.startTime === run.created)).toEqual(runs.map(() => true));
    },
  );
});
